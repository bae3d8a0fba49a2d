import { existsSync } from 'node:fs'
import type http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type BrowserPool,
  CAPTURE_MAX_HEIGHT,
  CaptureError,
  captureSite,
  createBrowserPool,
  renderDesign,
  type SiteCapture,
} from '#server/review/capture.ts'
import { type FixtureServer, landingPage, startFixtureServer } from '#server/review/capture-fixtures.ts'
import { scoreCapture } from '#server/review/score.ts'
import { REVIEW_BREAKPOINTS } from '#shared/review.ts'
import { CHROMIUM_PATH } from '../../../scripts/chromium.ts'

const MB = 1024 * 1024

/** The colour of one pixel of a PNG, as [r, g, b]. */
async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return [...data.subarray(0, Math.min(3, info.channels))]
}

async function unusedPort() {
  const server = net.createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function captureError(promise: Promise<unknown>): Promise<CaptureError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CaptureError)
  return error as CaptureError
}

/** A handler that never answers: the request hangs until the server closes. */
const hang: http.RequestListener = () => {}

describe.skipIf(!existsSync(CHROMIUM_PATH))('captureSite and renderDesign', { timeout: 60_000 }, () => {
  let pool: BrowserPool
  let site: FixtureServer
  /** Must never see a connection: everything aimed at it is refused by the proxy. */
  let secret: FixtureServer
  let red: Buffer

  const capture = (path: string, options: Partial<Parameters<typeof captureSite>[1]> = {}) =>
    captureSite(pool, {
      url: `${site.origin}${path}`,
      allowLoopback: { ports: [site.port] },
      ...options,
    })

  beforeAll(async () => {
    pool = createBrowserPool()
    secret = await startFixtureServer({ '/': 'secret' })
    red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    const secretUrl = `http://127.0.0.1:${secret.port}/`
    site = await startFixtureServer({
      '/': landingPage(),
      '/shifted': landingPage({ shift: 3 }),
      '/blank': '<!doctype html><title>Blank</title>',
      '/rearranged': landingPage({ layout: 'rearranged' }),
      '/twice': landingPage({ repeat: 2 }),
      '/to-secret': (_req, res) => res.writeHead(302, { Location: secretUrl }).end(),
      '/to-landing': (_req, res) => res.writeHead(302, { Location: '/' }).end(),
      '/refused-parts': landingPage({
        body: `<img src="${secretUrl}pixel.png"><script>fetch('${secretUrl}api').catch(() => {})</script>`,
      }),
      '/alert': landingPage({ body: `<script>onload = () => { alert('hi'); confirm('sure?') }</script>` }),
      '/popup': landingPage({ body: `<script>window.open('/blank', '_blank')</script>` }),
      '/tall':
        '<!doctype html><body style="margin:0"><div style="height:30000px;background:linear-gradient(#fff,#00f)"></div>',
      '/hang': hang,
      '/hanging-image': landingPage({ body: '<img src="/hang">' }),
      '/missing-font': landingPage({
        head: `<style>@font-face{font-family:"Missing Font";src:url(/missing.woff2) format("woff2")}h1{font-family:"Missing Font",sans-serif}</style>`,
      }),
      '/lazy': `<!doctype html><body style="margin:0"><div style="height:3000px"></div><img loading="lazy" src="/red.png" width="200" height="200" style="display:block">
<img id="scripted" data-src="/red.png" width="200" height="200" style="display:block;margin-top:2000px">
<script>new IntersectionObserver((entries, observer) => { for (const e of entries) if (e.isIntersecting) { e.target.src = e.target.dataset.src; observer.disconnect() } }).observe(document.getElementById('scripted'))</script>`,
      '/download': (_req, res) =>
        res
          .writeHead(200, {
            'Content-Type': 'application/octet-stream',
            'Content-Disposition': 'attachment; filename="site.zip"',
          })
          .end('PK'),
      '/red.png': (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(red),
      '/heavy': landingPage({ body: `<script>fetch('/big.bin').then((r) => r.arrayBuffer())</script>` }),
      '/big.bin': (_req, res) => res.writeHead(200).end(Buffer.alloc(3 * MB, 1)),
    })
  })

  afterAll(async () => {
    await pool?.close()
    await site?.close()
    await secret?.close()
  })

  describe('scores against a design rendered from the reference capture', () => {
    let reference: SiteCapture
    /** By breakpoint: the reference capture shown by renderDesign, as production shows a design image. */
    const designs = new Map<string, Buffer>()
    const scored = async (path: string) => {
      const result = await capture(path)
      return Promise.all(
        result.captures.map(async (c) => ({
          breakpoint: c.breakpoint,
          ...(await scoreCapture({ design: designs.get(c.breakpoint) as Buffer, capture: c.png })),
        })),
      )
    }

    beforeAll(async () => {
      reference = await capture('/')
      for (const c of reference.captures) designs.set(c.breakpoint, await renderDesign(pool, c))
    })

    it('captures each breakpoint at its width, through the proxy, with versions and timings', async () => {
      expect(reference.captures.map((c) => [c.breakpoint, c.width])).toEqual(
        REVIEW_BREAKPOINTS.map((b) => [b.breakpoint, b.width]),
      )
      for (const c of reference.captures) {
        const meta = await sharp(c.png).metadata()
        expect(meta.width).toBe(c.width)
        expect(meta.height).toBe(c.height)
        expect(c.failedFonts).toEqual([])
        // renderDesign is a faithful copy: the same size, pixel for pixel.
        expect(await sharp(designs.get(c.breakpoint)).metadata()).toMatchObject({
          width: c.width,
          height: c.height,
        })
      }
      expect(reference.finalUrl).toBe(`${site.origin}/`)
      // The three documents, and maybe a favicon.
      expect(reference.egress.requests).toBeGreaterThanOrEqual(3)
      expect(reference.egress.blocked).toEqual([])
      expect(reference.versions.chromium).toMatch(/^\d+\.\d+/)
      expect(reference.versions.playwright).toMatch(/^\d+\.\d+/)
      expect(reference.timings.total).toBeGreaterThan(0)
      expect(reference.timings['mobile.screenshot']).toBeGreaterThanOrEqual(0)
    })

    it('an identical page scores 100 at every breakpoint', async () => {
      for (const result of await scored('/')) expect(result.score, result.breakpoint).toBe(100)
    })

    it('content moved down 3 px scores at least 97, the same in two captures (±0.1)', async () => {
      const [first, second] = [await scored('/shifted'), await scored('/shifted')]
      for (const [index, result] of first.entries()) {
        expect(result.score, result.breakpoint).toBeGreaterThanOrEqual(97)
        expect(result.score).toBeLessThan(100)
        expect(Math.abs(result.score - (second[index]?.score ?? -1))).toBeLessThanOrEqual(0.1)
      }
    })

    it('a blank page scores at most 5', async () => {
      for (const result of await scored('/blank'))
        expect(result.score, result.breakpoint).toBeLessThanOrEqual(5)
    })

    it('the same parts in another layout score at most 60', async () => {
      for (const result of await scored('/rearranged'))
        expect(result.score, result.breakpoint).toBeLessThanOrEqual(60)
    })

    it('a page twice as long is compared down to 1.5 × the design, scores at most 70, ratio ≈ 2', async () => {
      for (const result of await scored('/twice')) {
        expect(result.score, result.breakpoint).toBeLessThanOrEqual(70)
        expect(result.heightRatio).toBeCloseTo(2, 1)
        expect(result.comparedHeight).toBe(Math.round(1.5 * result.designHeight))
      }
    })
  })

  describe('safety', () => {
    it.each([
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<h1>hi</h1>',
      'chrome://settings',
      'ftp://example.com/',
      'not a url',
    ])('refuses %s as invalid_url without starting a browser', async (url) => {
      const untouchable: BrowserPool = {
        use: () => Promise.reject(new Error('a browser was started')),
        version: () => Promise.reject(new Error('a browser was started')),
        close: async () => {},
      }
      expect((await captureError(captureSite(untouchable, { url }))).code).toBe('invalid_url')
    })

    it('a redirect to a refused loopback port is blocked_address, and nothing reaches it', async () => {
      const error = await captureError(capture('/to-secret'))
      expect(error.code).toBe('blocked_address')
      expect(error.message).toMatch(/private network/)
      expect(error.egress?.blocked.map((b) => b.host)).toContain(`127.0.0.1:${secret.port}`)
      expect(secret.connections()).toBe(0)
    })

    it('an https:// address, or a name, that resolves to a refused address is blocked_address', async () => {
      const tunnel = await captureError(
        captureSite(pool, {
          url: `https://127.0.0.1:${secret.port}/`,
          allowLoopback: { ports: [site.port] },
        }),
      )
      expect(tunnel.code).toBe('blocked_address')
      const named = await captureError(
        captureSite(pool, {
          url: `http://intranet.example:${site.port}/`,
          allowLoopback: { ports: [site.port] },
          proxy: { lookup: async () => [{ address: '10.0.0.7', family: 4 }] },
        }),
      )
      expect(named.code).toBe('blocked_address')
      expect(secret.connections()).toBe(0)
    })

    it('a name that does not resolve is unreachable', async () => {
      const error = await captureError(
        captureSite(pool, {
          url: 'https://no-such-site.example/',
          proxy: {
            lookup: async () => {
              throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
            },
          },
        }),
      )
      expect(error.code).toBe('unreachable')
      expect(error.message).toMatch(/name could not be found/)
    })

    it('follows an allowed redirect and reports the final address', async () => {
      const result = await capture('/to-landing', { breakpoints: ['mobile'] })
      expect(result.finalUrl).toBe(`${site.origin}/`)
      expect(result.captures.map((c) => c.breakpoint)).toEqual(['mobile'])
    })

    it("a page's image and fetch to a refused port do not load, and the report records them", async () => {
      const result = await capture('/refused-parts', { breakpoints: ['desktop'], settleTimeoutMs: 1000 })
      expect(result.egress.blocked.map((b) => b.host)).toContain(`127.0.0.1:${secret.port}`)
      expect(secret.connections()).toBe(0)
    })

    it('a site that refuses connections is unreachable; a 404 is an http_error that says the status', async () => {
      const closedPort = await unusedPort()
      const unreachable = await captureError(
        captureSite(pool, { url: `http://127.0.0.1:${closedPort}/`, allowLoopback: { ports: [closedPort] } }),
      )
      expect(unreachable.code).toBe('unreachable')
      const notFound = await captureError(capture('/no-such-page'))
      expect(notFound.code).toBe('http_error')
      expect(notFound.message).toMatch(/404/)
    })

    it('an address that starts a download is an http_error (downloads are refused)', async () => {
      const error = await captureError(capture('/download', { breakpoints: ['mobile'] }))
      expect(error.code).toBe('http_error')
      expect(error.message).toMatch(/download/)
    })

    it('alert() and confirm() on load are dismissed and the page is captured', async () => {
      const result = await capture('/alert', { breakpoints: ['mobile'], settleTimeoutMs: 1000 })
      expect(result.captures).toHaveLength(1)
    })

    it('window.open popups are closed and the page itself is captured', async () => {
      const result = await capture('/popup', { breakpoints: ['tablet'], settleTimeoutMs: 1000 })
      expect(result.finalUrl).toBe(`${site.origin}/popup`)
      // The landing page's navy header, not the blank popup.
      expect(await pixelAt(result.captures[0]?.png as Buffer, 5, 5)).toEqual([11, 27, 63])
    })

    it(`caps a 30,000 px page at ${CAPTURE_MAX_HEIGHT} px`, async () => {
      // Mobile: the narrowest bitmap, the same cap.
      const result = await capture('/tall', { breakpoints: ['mobile'], settleTimeoutMs: 1000 })
      const [tall] = result.captures
      expect(tall?.height).toBe(CAPTURE_MAX_HEIGHT)
      expect(tall?.pageHeight).toBe(30_000)
      expect(await sharp(tall?.png).metadata()).toMatchObject({ width: 375, height: CAPTURE_MAX_HEIGHT })
    })

    it('a site that never answers is a timeout within the navigation limit', async () => {
      const started = Date.now()
      const error = await captureError(capture('/hang', { navigationTimeoutMs: 1500 }))
      expect(error.code).toBe('timeout')
      expect(Date.now() - started).toBeLessThan(10_000)
    })

    it('a subresource that never ends does not stop the capture', async () => {
      const started = Date.now()
      const result = await capture('/hanging-image', {
        breakpoints: ['mobile'],
        navigationTimeoutMs: 1500,
        settleTimeoutMs: 500,
      })
      expect(result.captures).toHaveLength(1)
      expect(Date.now() - started).toBeLessThan(15_000)
    })

    it('stops the whole job at jobTimeoutMs, and at an abort from the caller', async () => {
      const started = Date.now()
      const error = await captureError(capture('/hanging-image', { jobTimeoutMs: 1000 }))
      expect(error.code).toBe('timeout')
      expect(Date.now() - started).toBeLessThan(5000)
      const controller = new AbortController()
      setTimeout(() => controller.abort(new Error('shutting down')), 500)
      await expect(capture('/hanging-image', { signal: controller.signal })).rejects.toThrow('shutting down')
    })

    it('a page past the byte limit is too_large', async () => {
      const error = await captureError(capture('/heavy', { proxy: { maxBytes: MB }, settleTimeoutMs: 1000 }))
      expect(error.code).toBe('too_large')
      expect(error.message).toMatch(/more than 1 MB/)
    })

    it('records a web font that failed to load, and the capture completes', async () => {
      const result = await capture('/missing-font', { breakpoints: ['desktop'], settleTimeoutMs: 2000 })
      expect(result.captures[0]?.failedFonts).toEqual(['Missing Font'])
      expect(site.requests).toContain('/missing.woff2')
    })

    it('loads lazy images below the fold, native and scripted', async () => {
      const result = await capture('/lazy', { breakpoints: ['desktop'], settleTimeoutMs: 2000 })
      const png = result.captures[0]?.png as Buffer
      expect(await pixelAt(png, 100, 3100)).toEqual([255, 0, 0])
      expect(await pixelAt(png, 100, 5300)).toEqual([255, 0, 0])
    })
  })

  describe('the browser pool', () => {
    it('restarts the browser after restartEvery jobs', async () => {
      const small = createBrowserPool({ restartEvery: 2 })
      try {
        const seen: Browser[] = []
        for (let job = 0; job < 3; job++) await small.use(async (browser) => seen.push(browser))
        expect(seen[0]).toBe(seen[1])
        expect(seen[2]).not.toBe(seen[1])
        await expect.poll(() => seen[0]?.isConnected(), { timeout: 10_000 }).toBe(false)
        expect(seen[2]?.isConnected()).toBe(true)
      } finally {
        await small.close()
      }
    })

    it('survives a crashed browser: the job on it is browser_failed, the next one gets a new browser', async () => {
      const running = capture('/hanging-image', { navigationTimeoutMs: 20_000 })
      await expect.poll(() => site.requests.filter((path) => path === '/hang').length).toBeGreaterThan(0)
      const crashed = await pool.use(async (browser) => {
        const session = await browser.newBrowserCDPSession()
        await session.send('Browser.crash').catch(() => {})
        await expect.poll(() => browser.isConnected(), { timeout: 10_000 }).toBe(false)
        return browser
      })
      expect((await captureError(running)).code).toBe('browser_failed')
      const result = await capture('/', { breakpoints: ['mobile'] })
      expect(result.captures).toHaveLength(1)
      expect(await pool.use(async (browser) => browser)).not.toBe(crashed)
      expect(await pool.version()).toMatch(/^\d+\./)
    })
  })
})
