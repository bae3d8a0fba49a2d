import { execFile } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { LOOPBACK_ONLY_DNS_ENV } from '#tests/support/loopback-only-dns.ts'

/**
 * The browser tests' servers run with LOOPBACK_ONLY_DNS_ENV so that a review of a github.io address
 * fails with "no such name" on every machine. This checks it in a real child process, the way those
 * servers load it: NODE_OPTIONS, then the ES module import the address policy uses.
 */
const PROBE = `
import { lookup } from 'node:dns/promises'
import dns from 'node:dns'
const names = process.argv.slice(1)
const answers = {}
for (const name of names) {
  answers[name] = await lookup(name, { all: true }).then(
    (found) => found.map((a) => a.address),
    (error) => error.code,
  )
}
answers.callback = await new Promise((resolve) => dns.lookup('github.com', (error) => resolve(error?.code ?? 'found')))
answers.fetch = await fetch('http://github.com/', { signal: AbortSignal.timeout(10_000) }).then(
  () => 'answered',
  (error) => error.cause?.code ?? error.name,
)
console.log(JSON.stringify(answers))
`

async function resolveInChild(
  names: string[],
  env: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', PROBE, ...names],
    { env: { PATH: process.env.PATH ?? '', ...LOOPBACK_ONLY_DNS_ENV, ...env }, timeout: 30_000 },
  )
  return JSON.parse(stdout)
}

describe('loopback-only DNS for test servers', () => {
  it('answers ENOTFOUND for every name but localhost, whatever this machine resolves', async () => {
    // The machine's own name usually resolves (/etc/hosts); here it must not.
    const answers = await resolveInChild([
      'someone.github.io',
      'github.com',
      hostname(),
      'localhost',
      '127.0.0.1',
    ])
    expect(answers).toMatchObject({
      'someone.github.io': 'ENOTFOUND',
      'github.com': 'ENOTFOUND',
      [hostname()]: 'ENOTFOUND',
      '127.0.0.1': ['127.0.0.1'],
      callback: 'ENOTFOUND',
      fetch: 'ENOTFOUND',
    })
    expect(answers.localhost).toEqual(expect.arrayContaining([expect.stringMatching(/^(127\.|::1$)/)]))
  })

  it('answers 127.0.0.1 for every host of a LOOPBACK_TEST_DOMAINS domain, and nothing else changes', async () => {
    const answers = await resolveInChild(
      ['someone.github.io', 'a.b.netlify.app', 'github.io', 'github.com'],
      {
        LOOPBACK_TEST_DOMAINS: 'github.io,netlify.app',
      },
    )
    expect(answers).toMatchObject({
      'someone.github.io': ['127.0.0.1'],
      'a.b.netlify.app': ['127.0.0.1'],
      // The domain itself is no test site, and other names still find nothing.
      'github.io': 'ENOTFOUND',
      'github.com': 'ENOTFOUND',
      callback: 'ENOTFOUND',
    })
  })

  it('sends connections to 127.0.0.1:80 to LOOPBACK_TEST_PORT, so a test site answers as a live one on port 80', async () => {
    const site = http.createServer((_req, res) => res.end('fixture'))
    site.listen(0, '127.0.0.1')
    await once(site, 'listening')
    try {
      const { port } = site.address() as AddressInfo
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--input-type=module',
          '--eval',
          `import http from 'node:http'
const body = await new Promise((resolve, reject) => http.get('http://someone.github.io/', (res) => {
  let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => resolve(text))
}).on('error', reject))
console.log(body)`,
        ],
        {
          env: {
            PATH: process.env.PATH ?? '',
            ...LOOPBACK_ONLY_DNS_ENV,
            LOOPBACK_TEST_DOMAINS: 'github.io',
            LOOPBACK_TEST_PORT: String(port),
          },
          timeout: 30_000,
        },
      )
      expect(stdout.trim()).toBe('fixture')
    } finally {
      site.close()
    }
  })
})
