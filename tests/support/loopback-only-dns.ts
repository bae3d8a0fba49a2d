/** The module that makes a Node process resolve no host name but localhost (see its comment). */
const LOOPBACK_ONLY_DNS_MODULE = new URL('./loopback-only-dns.mjs', import.meta.url)

/**
 * Environment for a server that a test starts (`startServer`'s `env`, Playwright's `webServer.env`):
 * its reviews and link checks find no site by name, the same on a machine with DNS as on one without.
 */
export const LOOPBACK_ONLY_DNS_ENV = {
  NODE_OPTIONS: `--import=${LOOPBACK_ONLY_DNS_MODULE.href}`,
} as const

/**
 * Environment for a server whose reviews and link checks open test sites as if they were live: every
 * host of `domains` resolves to 127.0.0.1, connections to 127.0.0.1:80 go to `port` (where the test's
 * static site listens), and the review may open loopback port 80 (REVIEW_ALLOW_LOOPBACK). So
 * `http://<login>.github.io/...` reaches the test's site exactly as a member's live site would be reached.
 */
export function liveSitesEnv(port: number, domains: readonly string[] = ['github.io']) {
  return {
    ...LOOPBACK_ONLY_DNS_ENV,
    REVIEW_ALLOW_LOOPBACK: '80',
    LOOPBACK_TEST_DOMAINS: domains.join(','),
    LOOPBACK_TEST_PORT: String(port),
  } as const
}
