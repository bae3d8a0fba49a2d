// Lighthouse (mobile, the default config) on the public pages of the built app, one at a time:
// /, /challenges, a challenge page, a member's profile and that member's published solution. Prints the
// four category scores per page.
// Usage: npm run build && npm run bench:lighthouse   (CHROMIUM_PATH defaults to /usr/bin/chromium)
// The goal: performance >= 0.95, accessibility, best practices and SEO 1.0 on every page.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#server/chromium.ts'
import { liveSitesEnv } from '#tests/support/loopback-only-dns.ts'
import { startStaticSite } from '../static-site.ts'

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3790)
const ORIGIN = `http://127.0.0.1:${PORT}`
const MEMBER = 'lighthouse-member'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/**
 * The member's live sites: every github.io host is this machine, serving the challenges' reference
 * solutions (as for the browser tests, tests/support/challenge-sites.ts), so the member's review passes
 * and their solution is published. Reviews run without Lighthouse of their own.
 */
const sites = await startStaticSite(join(process.cwd(), 'content', 'challenges'))

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...liveSitesEnv(sites.port),
      REVIEW_LIGHTHOUSE: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    const healthy = await fetch(`${ORIGIN}/api/health`)
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the server did not start within 2 minutes')
}

/** Cookies carried by hand between the redirects of a sign-in (fetch keeps none). */
function cookieJar() {
  const cookies = new Map<string, string>()
  return {
    store(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = ''] = header.split(';')
        const index = pair.indexOf('=')
        cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  }
}

type CookieJar = ReturnType<typeof cookieJar>

/** Signs a member in once through the built-in GitHub emulator, so their profile exists. */
async function createMember(login: string): Promise<CookieJar> {
  const jar = cookieJar()
  const get = async (url: string) => {
    const response = await fetch(new URL(url, ORIGIN), {
      redirect: 'manual',
      headers: { Cookie: jar.header() },
    })
    jar.store(response)
    return response
  }
  const start = await get('/auth/github')
  const authorizeUrl = new URL(start.headers.get('Location') ?? '', ORIGIN)
  const form = new URLSearchParams({ login, decision: 'allow' })
  for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
    form.set(name, authorizeUrl.searchParams.get(name) ?? '')
  const authorized = await fetch(new URL(authorizeUrl.pathname, ORIGIN), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header() },
    body: form,
  })
  const callback = authorized.headers.get('Location')
  if (authorized.status !== 302 || !callback) throw new Error(`the emulator answered ${authorized.status}`)
  const done = await get(callback)
  if (done.status !== 302) throw new Error(`the sign-in callback answered ${done.status}`)
  return jar
}

/**
 * Publishes the member's solution of the challenge the way members do: start it, submit their own live
 * site, wait for the review to pass. Returns the solution page's address.
 */
async function publishSolution(jar: CookieJar, login: string, challenge: { id: number; slug: string }) {
  const send = async (path: string, body: unknown) => {
    const response = await fetch(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json', Cookie: jar.header() },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  }
  await send(`/api/me/challenges/${challenge.id}/start`, {})
  await send(`/api/me/challenges/${challenge.id}/submit`, {
    liveUrl: `http://${login}.github.io/${challenge.slug}/reference/index.html`,
  })
  for (let attempt = 0; attempt < 240; attempt++) {
    const { reviews } = (await (
      await fetch(`${ORIGIN}/api/me/challenges/${challenge.id}/reviews`, {
        headers: { Cookie: jar.header() },
      })
    ).json()) as { reviews: { status: string }[] }
    const status = reviews[0]?.status
    if (status === 'failed') throw new Error(`the review of ${challenge.slug} failed`)
    if (status === 'passed') break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  const { solutions } = (await (
    await fetch(`${ORIGIN}/api/challenges/${challenge.id}/solutions?limit=48`)
  ).json()) as { solutions: { id: string; member: { username: string } }[] }
  const solution = solutions.find((card) => card.member.username === login)
  if (!solution) throw new Error(`no published solution of ${login} for ${challenge.slug}`)
  return `/solutions/${solution.id}`
}

async function firstChallenge(): Promise<{ id: number; slug: string }> {
  const body = (await (await fetch(`${ORIGIN}/api/challenges`)).json()) as {
    challenges: { id: number; slug: string }[]
  }
  const challenge = body.challenges[0]
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-lighthouse-'))
const server = await startServer(dataDir)
let failed = false
try {
  const jar = await createMember(MEMBER)
  const challenge = await firstChallenge()
  const pages = [
    '/',
    '/challenges',
    `/challenge/${challenge.slug}`,
    `/profile/${MEMBER}`,
    await publishSolution(jar, MEMBER, challenge),
  ]
  // Each page once before it is audited: a server answers its first request of a page while it still
  // loads and compiles the code behind it (about a second for the home page), which no visitor of a
  // running server waits for; Lighthouse reads its first byte from that one request.
  for (const path of pages) await (await fetch(`${ORIGIN}${path}`)).arrayBuffer()
  console.log(`${'page'.padEnd(48)} ${CATEGORIES.map((c) => c.padStart(14)).join(' ')}`)
  for (const path of pages) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
    })
    try {
      const run = () =>
        lighthouse(`${ORIGIN}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' })
      let result = await run()
      // A trace that failed to record (NO_NAVSTART and the like) is Lighthouse's hiccup: run it again.
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) result = await run()
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
      if (result.lhr.runtimeError) throw new Error(`Lighthouse failed: ${result.lhr.runtimeError.message}`)
      const { categories, audits } = result.lhr
      // LIGHTHOUSE_OUT=<folder> keeps each full report (JSON) for reading.
      if (process.env.LIGHTHOUSE_OUT)
        writeFileSync(
          join(process.env.LIGHTHOUSE_OUT, `${path.replace(/\W+/g, '_') || 'home'}.json`),
          result.report as string,
        )
      const scores = CATEGORIES.map((id) => categories[id]?.score ?? null)
      console.log(
        `${path.padEnd(48)} ${scores.map((score) => (score === null ? '-' : score.toFixed(2)).padStart(14)).join(' ')}`,
      )
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]
      console.log(
        `${''.padEnd(4)}${metrics.map((id) => `${id}: ${audits[id]?.displayValue ?? '-'}`).join(', ')}`,
      )
      // Lighthouse's own reading of this machine's speed as the page ran (higher is faster): its
      // throttling multiplies the main thread's real work, so a busy or slow host costs points.
      console.log(`${''.padEnd(4)}host benchmark index: ${Math.round(result.lhr.environment.benchmarkIndex)}`)
      // What keeps a category below 1: the failing audits, so the numbers come with their reasons.
      for (const id of CATEGORIES) {
        const category = categories[id]
        if (!category || category.score === 1) continue
        const failing = category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => `${ref.id} (${audits[ref.id]?.score ?? '-'})`)
        if (failing.length > 0) console.log(`    ${id}: ${failing.join(', ')}`)
      }
    } catch (error) {
      failed = true
      console.error(`${path}: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      chrome.kill()
    }
  }
} finally {
  server.kill()
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
  await sites.close()
}
process.exitCode = failed ? 1 : 0
