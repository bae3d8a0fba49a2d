import type { APIRequestContext } from '@playwright/test'
import { DomUtils, parseDocument } from 'htmlparser2'
import { documentShape, PATTERN_CORPUS, structureOf, WHOLE_DOCUMENT } from '#tests/support/hostile-text.ts'
import { challengeAt, newMember, passedSolution } from './feedback-journey.ts'
import { expect, expectHydrated, test } from './fixtures.ts'
import { mutate } from './sign-in-helper.ts'

/**
 * Member text never changes the page around it (docs/product.md §11): write-ups, comments, profile links
 * and search words holding replacement patterns (`$'`, `` $` ``, `$&`...), script and comment endings and
 * line separators come out of every server-rendered page as text, in a whole document, and no script runs.
 */

/** Whitespace as a page shows it: runs of it (line separators included) read as one space. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The page a visitor (no cookies) is served at `path`, its status checked. */
async function served(request: APIRequestContext, path: string, status = 200): Promise<string> {
  const response = await request.get(path, { headers: { Cookie: '' } })
  expect(response.status(), path).toBe(status)
  return response.text()
}

/** The whole corpus, a paragraph each, so Markdown keeps each entry as written. */
const CORPUS_MARKDOWN = PATTERN_CORPUS.join('\n\n')

test('member text full of patterns and script endings leaves every server-rendered page whole, shown as text', async ({
  browser,
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(300_000)
  const author = await newMember(browser, testInfo, 'pattern')
  const solutionId = await passedSolution(author, await challengeAt(author.page, testInfo.workerIndex + 5))
  const visitor = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })

  // The write-up, one entry at a time: the solution page and its link preview.
  for (const payload of PATTERN_CORPUS) {
    const writeUp = `Before ${payload} after`
    const saved = await mutate(author.page, `/api/solutions/${solutionId}`, { writeUp }, 'PATCH')
    expect(saved.status(), payload).toBe(200)
    const html = await served(visitor, `/solutions/${solutionId}`)
    expect(structureOf(html), payload).toEqual(WHOLE_DOCUMENT)
    expect(words(documentShape(html).text), payload).toContain(words(writeUp))
  }

  // The profile's links, which keep `$`, `&`, `'` and the like (docs/product.md §5).
  for (const link of [
    "https://github.com/a$'b$`c",
    'https://github.com/$&$1$$',
    "https://github.com/x?q=$'&x=$<x>",
  ]) {
    const typed = {
      name: 'Pat Tern',
      bio: "It's me.",
      linkedinUrl: '',
      githubUrl: link,
    }
    const saved = await mutate(author.page, '/api/me/profile', typed, 'PATCH')
    expect(saved.status(), await saved.text()).toBe(200)
    const sent = ((await saved.json()) as { profile: { githubUrl: string | null } }).profile.githubUrl ?? ''
    expect(sent, link).toContain('$')
    const html = await served(visitor, `/profile/${author.login}`)
    expect(structureOf(html), link).toEqual(WHOLE_DOCUMENT)
    const hrefs = DomUtils.findAll((element) => element.name === 'a', parseDocument(html).children).map(
      (anchor) => anchor.attribs.href,
    )
    // As the page links it: the address as a browser reads it (a quote in the query percent-encoded).
    expect(hrefs, link).toContain(new URL(sent).href)
  }

  // Search words the catalogue shows back in its search field.
  for (const payload of PATTERN_CORPUS) {
    const html = await served(visitor, `/challenges?q=${encodeURIComponent(payload)}`)
    expect(structureOf(html), payload).toEqual(WHOLE_DOCUMENT)
    const field = DomUtils.findOne(
      (element) => element.name === 'input' && element.attribs.type === 'search',
      parseDocument(html).children,
    )
    expect(field?.attribs.value, payload).toBe(words(payload))
  }

  // A comment holding the whole corpus, and the write-up too, as a visitor's browser shows them.
  const critic = await newMember(browser, testInfo, 'critic')
  const commented = await mutate(critic.page, `/api/solutions/${solutionId}/comments`, {
    kind: 'code_review',
    body: CORPUS_MARKDOWN,
  })
  expect(commented.status()).toBe(201)
  const saved = await mutate(
    author.page,
    `/api/solutions/${solutionId}`,
    { writeUp: CORPUS_MARKDOWN },
    'PATCH',
  )
  expect(saved.status()).toBe(200)
  expect(structureOf(await served(visitor, `/solutions/${solutionId}`))).toEqual(WHOLE_DOCUMENT)

  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`/solutions/${solutionId}`)
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 2, name: 'Comments (1)' })).toBeVisible()
  // The heading counts from the solution; the comment itself comes with the list, a request later.
  await expect(page.locator('article[id^="comment-"]')).toHaveCount(1)
  const shown = await page.evaluate(() => ({
    roots: document.querySelectorAll('#root').length,
    h1s: document.querySelectorAll('h1').length,
    httpEquiv: document.querySelectorAll('meta[http-equiv]').length,
    inlineScripts: [...document.querySelectorAll('script')].filter(
      (script) => !script.src && script.type !== 'application/json',
    ).length,
    text: document.querySelector('#root')?.textContent ?? '',
  }))
  expect({ ...shown, text: undefined }).toEqual({
    roots: 1,
    h1s: 1,
    httpEquiv: 0,
    inlineScripts: 0,
    text: undefined,
  })
  // Every entry, in the write-up and in the comment.
  for (const payload of PATTERN_CORPUS) {
    const seen = words(shown.text).split(words(payload)).length - 1
    expect(seen, payload).toBeGreaterThanOrEqual(2)
  }
  // Nothing ran and nothing sent the page elsewhere: still here after the refresh a meta would ask for.
  await page.waitForTimeout(1500)
  expect(page.url()).toContain(`/solutions/${solutionId}`)
  expect(dialogs).toEqual([])
  await visitor.dispose()
  await critic.close()
  await author.close()
})
