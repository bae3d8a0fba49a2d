import type { Message } from 'html-validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserPool, createBrowserPool } from '#server/review/browser-pool.ts'
import { captureSite } from '#server/review/capture.ts'
import { axeFindings } from '#server/review/quality/axe.ts'
import { HTML_MAX_BYTES, looksScriptBuilt } from '#server/review/quality/documents.ts'
import { htmlFindings, validateHtml } from '#server/review/quality/html.ts'
import {
  LIGHTHOUSE_VERSION,
  runLighthouse,
  spareLighthouseWorker,
  startLighthouse,
} from '#server/review/quality/lighthouse.ts'
import type { AxeAudit, AxeFinding, HtmlAudit } from '#shared/review.ts'
import { type FixtureServer, startFixtureServer } from '#tests/support/capture-fixtures.ts'

/** A page with three faults: an image without a text alternative, faint text, and one id used twice. */
const FAULTY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Faulty</title>
<meta name="viewport" content="width=device-width"><style>body{font:16px sans-serif}.faint{color:#c8c8c8;background:#fff}</style></head>
<body><main><h1>Quality report fixture</h1>
<p class="faint">This sentence is hard to read.</p>
<img src="/picture.svg" width="40" height="40">
<div id="twice">One</div><div id="twice">Two</div>
</main></body></html>`

/** The same page without the faults. */
const CLEAN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Clean</title>
<meta name="viewport" content="width=device-width"><style>body{font:16px sans-serif;color:#222;background:#fff}</style></head>
<body><main><h1>Quality report fixture</h1>
<p>This sentence is easy to read.</p>
<img src="/picture.svg" width="40" height="40" alt="A grey square">
<div id="once">One</div><div id="other">Two</div>
</main></body></html>`

/** A single-page app: the served HTML is a shell; the script builds a page with a duplicate id. */
const APP_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head>
<body><div id="root"></div><script src="/app.js"></script></body></html>`
const APP_SCRIPT = `document.getElementById('root').innerHTML =
  '<main><h1>Built by a script</h1><p id="copy">One</p><p id="copy">Two</p></main>'`

const PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#888"/></svg>'

const ruleIds = (audit: AxeAudit | undefined) => (audit?.status === 'done' ? audit.findings : [])
const finding = (audit: AxeAudit | undefined, ruleId: string): AxeFinding | undefined =>
  ruleIds(audit).find((f) => f.ruleId === ruleId)
const htmlRules = (audit: HtmlAudit, source: 'served' | 'rendered') =>
  audit.status === 'done'
    ? (audit.documents.find((d) => d.source === source)?.findings.map((f) => f.ruleId) ?? null)
    : null

describe('the quality audits on pages the capture opens', () => {
  let site: FixtureServer
  let pool: BrowserPool
  let servedOnce = false
  const openContexts = () => pool.use(async (browser) => browser.contexts().length)

  beforeAll(async () => {
    site = await startFixtureServer({
      '/faulty': FAULTY_PAGE,
      '/clean': CLEAN_PAGE,
      '/app': APP_SHELL,
      '/app.js': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(APP_SCRIPT)
      },
      '/picture.svg': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(PICTURE)
      },
      // The faulty page at its first load, a server error at every one after it.
      '/once': (_req, res) => {
        if (servedOnce) return res.writeHead(500, { 'Content-Type': 'text/plain' }).end('broken')
        servedOnce = true
        res.writeHead(200, { 'Content-Type': 'text/html' }).end(FAULTY_PAGE)
      },
    })
    pool = createBrowserPool()
  })
  afterAll(async () => {
    await pool?.close()
    await site?.close()
  })

  it('finds the missing alt text and the low contrast with their impact, and the duplicate id', async () => {
    const capture = await captureSite(pool, {
      url: `${site.origin}/faulty`,
      allowLoopback: { ports: [site.port] },
      breakpoints: ['desktop', 'mobile'],
      audits: { axe: ['desktop', 'mobile'], documents: true },
    })
    for (const breakpoint of ['desktop', 'mobile'] as const) {
      const audit = capture.axe?.[breakpoint]
      expect(audit?.status, breakpoint).toBe('done')
      expect(finding(audit, 'image-alt'), breakpoint).toMatchObject({
        impact: 'critical',
        count: 1,
        selector: 'img',
        help: 'Images must have alternative text',
        helpUrl: expect.stringMatching(/^https:\/\/dequeuniversity\.com\/rules\/axe\/4\.13\/image-alt/),
      })
      expect(finding(audit, 'color-contrast'), breakpoint).toMatchObject({
        impact: 'serious',
        count: 1,
        selector: 'p',
      })
      // Most severe first.
      expect(ruleIds(audit).findIndex((f) => f.ruleId === 'image-alt')).toBeLessThan(
        ruleIds(audit).findIndex((f) => f.ruleId === 'color-contrast'),
      )
    }
    expect(capture.timings['desktop.axe']).toEqual(expect.any(Number))
    expect(capture.timings['mobile.axe']).toEqual(expect.any(Number))

    // The served HTML was kept (a page with text needs no rendered copy) and validates with the fault.
    expect(capture.documents).toMatchObject({ served: FAULTY_PAGE, rendered: null })
    const html = await validateHtml(capture.documents)
    expect(htmlRules(html, 'rendered')).toBeNull()
    const dupId =
      html.status === 'done' ? html.documents[0]?.findings.find((f) => f.ruleId === 'no-dup-id') : null
    expect(dupId).toEqual({
      ruleId: 'no-dup-id',
      severity: 'error',
      count: 1,
      message: 'Duplicate ID "twice"',
      // The second id="twice": its value's first character.
      line: 6,
      column: '<div id="twice">One</div><div id="'.length + 1,
      ruleUrl: 'https://html-validate.org/rules/no-dup-id.html',
    })
  })

  it('finds none of those on the same page without the faults, and runs no audit it was not asked for', async () => {
    const clean = await captureSite(pool, {
      url: `${site.origin}/clean`,
      allowLoopback: { ports: [site.port] },
      breakpoints: ['desktop', 'tablet'],
      audits: { axe: ['desktop'], documents: true },
    })
    expect(clean.axe?.desktop?.status).toBe('done')
    expect(ruleIds(clean.axe?.desktop).map((f) => f.ruleId)).not.toEqual(
      expect.arrayContaining(['image-alt']),
    )
    expect(finding(clean.axe?.desktop, 'color-contrast')).toBeUndefined()
    expect(clean.axe?.tablet).toBeUndefined()
    expect(htmlRules(await validateHtml(clean.documents), 'served')).not.toContain('no-dup-id')

    const plain = await captureSite(pool, {
      url: `${site.origin}/faulty`,
      allowLoopback: { ports: [site.port] },
      breakpoints: ['desktop'],
    })
    expect(plain.axe).toBeUndefined()
    expect(plain.documents).toBeUndefined()
  })

  it('audits each page while the next width loads, and closes every page, also when a later width fails', async () => {
    // axe at desktop and tablet, each audit on its own page beside the next width's load.
    const both = await captureSite(pool, {
      url: `${site.origin}/faulty`,
      allowLoopback: { ports: [site.port] },
      audits: { axe: ['desktop', 'tablet'] },
    })
    expect(both.captures.map((c) => c.breakpoint)).toEqual(['desktop', 'tablet', 'mobile'])
    for (const breakpoint of ['desktop', 'tablet'] as const) {
      expect(finding(both.axe?.[breakpoint], 'image-alt')).toMatchObject({ impact: 'critical', count: 1 })
      expect(both.timings[`${breakpoint}.axe`]).toEqual(expect.any(Number))
    }
    expect(both.axe?.mobile).toBeUndefined()
    expect(await openContexts()).toBe(0)

    // The desktop page is still open for its audit when the tablet's load fails: the capture fails with
    // the tablet's reason, and the desktop page is closed with it.
    servedOnce = false
    await expect(
      captureSite(pool, {
        url: `${site.origin}/once`,
        allowLoopback: { ports: [site.port] },
        audits: { axe: ['desktop'] },
      }),
    ).rejects.toMatchObject({ code: 'http_error' })
    expect(await openContexts()).toBe(0)
  })

  it('validates the rendered DOM of a page its script builds, besides the served shell', async () => {
    const capture = await captureSite(pool, {
      url: `${site.origin}/app`,
      allowLoopback: { ports: [site.port] },
      breakpoints: ['desktop'],
      audits: { documents: true },
    })
    expect(capture.documents?.served).toBe(APP_SHELL)
    expect(capture.documents?.rendered).toContain('Built by a script')
    const html = await validateHtml(capture.documents)
    expect(htmlRules(html, 'served')).not.toContain('no-dup-id')
    expect(htmlRules(html, 'rendered')).toContain('no-dup-id')
  })
})

describe('Lighthouse', () => {
  let site: FixtureServer
  /** Page loads of /slow under way now, and the most there ever were at once. */
  let inFlight = 0
  let mostInFlight = 0

  beforeAll(async () => {
    site = await startFixtureServer({
      '/': CLEAN_PAGE,
      // Answers after a while, so two runs at once would overlap here.
      '/slow': (_req, res) => {
        inFlight += 1
        mostInFlight = Math.max(mostInFlight, inFlight)
        setTimeout(() => {
          inFlight -= 1
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(CLEAN_PAGE)
        }, 1500)
      },
    })
  })
  afterAll(async () => {
    await site?.close()
  })

  it('reaches the site only through the egress proxy: a refused address is never asked', async () => {
    // Loopback is allowed on another port only: the proxy refuses the site, which sees no request.
    const result = await runLighthouse({
      url: `${site.origin}/`,
      allowLoopback: { ports: [site.port + 1] },
    })
    expect(result).toMatchObject({
      audit: { status: 'unavailable', reason: expect.stringMatching(/^Lighthouse could not test the page/) },
      version: LIGHTHOUSE_VERSION,
    })
    expect(site.requests).toEqual([])
  })

  it('scores the page (0-1 per category) with runs one at a time, two asked at once', async () => {
    const options = { url: `${site.origin}/slow`, allowLoopback: { ports: [site.port] } }
    const results = await Promise.all([runLighthouse(options), runLighthouse(options)])
    for (const result of results) {
      expect(result.version).toBe(LIGHTHOUSE_VERSION)
      expect(result.audit.status, JSON.stringify(result.audit)).toBe('done')
      const scores = result.audit.status === 'done' ? result.audit.scores : null
      expect(Object.keys(scores ?? {}).sort()).toEqual([
        'accessibility',
        'best-practices',
        'performance',
        'seo',
      ])
      for (const score of Object.values(scores ?? {})) {
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(1)
      }
    }
    expect(site.requests.filter((path) => path === '/slow').length).toBeGreaterThanOrEqual(2)
    expect(mostInFlight).toBe(1)
  })

  it('reports a run over its time budget as not available, with the reason', async () => {
    const result = await runLighthouse({
      url: `${site.origin}/`,
      allowLoopback: { ports: [site.port] },
      timeoutMs: 1,
    })
    expect(result.audit).toEqual({
      status: 'unavailable',
      reason: 'Lighthouse could not test the page: Lighthouse did not finish within 0 seconds.',
    })
    // The next run finishes: it starts afresh, or on the stopped run's worker if that was never asked.
    const next = await runLighthouse({ url: `${site.origin}/`, allowLoopback: { ports: [site.port] } })
    expect(next.audit.status, JSON.stringify(next.audit)).toBe('done')
  })

  it('keeps a worker that ran to its scores, and one a review never asked, for the next run', async () => {
    const ran = startLighthouse({ allowLoopback: { ports: [site.port] } })
    const result = await ran.run({ url: `${site.origin}/` }).finally(() => ran.dispose())
    expect(result.audit.status, JSON.stringify(result.audit)).toBe('done')
    const kept = spareLighthouseWorker()
    expect(kept).not.toBeNull()
    // A review that fails before its audits takes the kept worker and never asks it: it is kept again.
    const neverAsked = startLighthouse({ allowLoopback: { ports: [site.port] } })
    expect(spareLighthouseWorker()).toBeNull()
    await neverAsked.dispose()
    expect(spareLighthouseWorker()).toBe(kept)
  })

  it('started ahead (as a review starts it), runs when asked; one never asked stops cleanly', async () => {
    const unused = startLighthouse({ allowLoopback: { ports: [site.port] } })
    await unused.dispose()
    await unused.dispose()
    const started = startLighthouse({ allowLoopback: { ports: [site.port] } })
    try {
      const before = site.requests.length
      const result = await started.run({ url: `${site.origin}/` })
      expect(result.audit.status, JSON.stringify(result.audit)).toBe('done')
      expect(site.requests.length).toBeGreaterThan(before)
    } finally {
      await started.dispose()
    }
  })
})

describe('grouping and ordering the findings', () => {
  const message = (ruleId: string, severity: number, line: number): Message => ({
    ruleId,
    severity,
    message: `${ruleId} at ${line}`,
    offset: 0,
    line,
    column: 1,
    size: 1,
    selector: null,
    ruleUrl: `https://html-validate.org/rules/${ruleId}.html`,
  })

  it('groups html-validate messages by rule, errors first, keeping the first message and its place', () => {
    const findings = htmlFindings([
      message('attribute-boolean-style', 1, 2),
      message('no-dup-id', 2, 5),
      message('attribute-boolean-style', 1, 9),
      message('no-dup-id', 2, 7),
      message('no-dup-id', 2, 8),
      message('element-required-content', 2, 3),
    ])
    expect(findings.map((f) => [f.ruleId, f.severity, f.count, f.line, f.message])).toEqual([
      ['no-dup-id', 'error', 3, 5, 'no-dup-id at 5'],
      ['element-required-content', 'error', 1, 3, 'element-required-content at 3'],
      ['attribute-boolean-style', 'warning', 2, 2, 'attribute-boolean-style at 2'],
    ])
  })

  it('sorts axe findings by impact, then by how many elements, and keeps the first target', () => {
    const violation = (id: string, impact: string | null, nodes: string[][]) => ({
      id,
      impact,
      help: `${id} help`,
      helpUrl: `https://example.org/${id}`,
      nodes: nodes.map((target) => ({ target })),
    })
    const findings = axeFindings({
      violations: [
        violation('region', 'moderate', [['div']]),
        violation('label', 'critical', [['#a']]),
        violation('link-name', 'serious', [['a.one'], ['a.two']]),
        violation('list', 'serious', [['ul']]),
        violation('image-alt', 'critical', [['img.hero'], ['img.logo'], ['img.card']]),
        violation('meta-viewport-large', 'minor', [['iframe', 'meta']]),
      ],
    } as unknown as Parameters<typeof axeFindings>[0])
    expect(findings.map((f) => [f.ruleId, f.impact, f.count, f.selector])).toEqual([
      ['image-alt', 'critical', 3, 'img.hero'],
      ['label', 'critical', 1, '#a'],
      ['link-name', 'serious', 2, 'a.one'],
      ['list', 'serious', 1, 'ul'],
      ['region', 'moderate', 1, 'div'],
      ['meta-viewport-large', 'minor', 1, 'iframe meta'],
    ])
  })

  it('takes a served page with next to no text and a script for one its script builds', () => {
    expect(looksScriptBuilt(APP_SHELL)).toBe(true)
    expect(looksScriptBuilt(FAULTY_PAGE)).toBe(false)
    expect(looksScriptBuilt('<!doctype html><title>Empty</title><p>Hi</p>')).toBe(false)
    expect(
      looksScriptBuilt(
        `${APP_SHELL.replace('<div id="root"></div>', `<article>${'Words. '.repeat(60)}</article>`)}`,
      ),
    ).toBe(false)
  })

  it('reports a document it could not keep as not validated, with the reason', async () => {
    expect(await validateHtml({ served: null, servedBytes: HTML_MAX_BYTES + 1, rendered: null })).toEqual({
      status: 'unavailable',
      reason: 'The HTML document is larger than 1 MB and was not validated.',
    })
    expect(await validateHtml(undefined)).toMatchObject({ status: 'unavailable' })
  })
})
