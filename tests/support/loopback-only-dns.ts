/** The module that makes a Node process resolve no host name but localhost (see its comment). */
const LOOPBACK_ONLY_DNS_MODULE = new URL('./loopback-only-dns.mjs', import.meta.url)

/**
 * Environment for a server that a test starts (`startServer`'s `env`, Playwright's `webServer.env`):
 * its reviews and link checks find no site by name, the same on a machine with DNS as on one without.
 */
export const LOOPBACK_ONLY_DNS_ENV = {
  NODE_OPTIONS: `--import=${LOOPBACK_ONLY_DNS_MODULE.href}`,
} as const
