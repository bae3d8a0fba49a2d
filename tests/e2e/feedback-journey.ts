import type { Browser, Page, TestInfo } from '@playwright/test'
import type { Challenge } from '#shared/challenge.ts'
import { galleryResponse } from '#shared/solution.ts'
import { meResponse } from '#shared/user.ts'
import { listChallenges } from './catalogue.ts'
import { expect, VIEWPORTS } from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'
import { signIn, uniqueLogin } from './sign-in-helper.ts'

/**
 * The feedback tests' members (docs/product.md §12): each signs in in a context of their own, and an
 * author completes a challenge the way members do (their own site, a passed review), which lists a
 * solution no one has commented on yet.
 */

export type Member = {
  page: Page
  login: string
  name: string
  /** Drops the console errors a test caused on purpose (a refused request the browser logs). */
  forgetErrors: (pattern: RegExp) => void
  /** Closes the context and fails on any console error or page error it logged. */
  close: () => Promise<void>
}

/**
 * A member signed in in a desktop context of their own, with the name the pages show for them: a new
 * login starting with `prefix`, or `login` itself (the admin's).
 */
export async function newMember(
  browser: Browser,
  testInfo: TestInfo,
  prefix: string,
  { exact = false }: { exact?: boolean } = {},
): Promise<Member> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const login = await signIn(page, testInfo, exact ? prefix : uniqueLogin(testInfo, prefix))
  const me = meResponse.parse(await (await page.request.get('/api/me')).json()).user
  return {
    page,
    login,
    name: me.name?.trim() || me.username,
    forgetErrors: (pattern) =>
      errors.splice(0, errors.length, ...errors.filter((error) => !pattern.test(error))),
    close: async () => {
      await context.close()
      expect(errors, `console errors of ${login}`).toEqual([])
    },
  }
}

/** A challenge picked by `index` (wrapping), so tests that run at once spread over the catalogue. */
export async function challengeAt(page: Page, index: number): Promise<Challenge> {
  const all = await listChallenges(page.request)
  const challenge = all[index % all.length]
  if (!challenge) throw new Error('the catalogue is empty')
  return challenge
}

/** Completes `challenge` as `member` and returns the id of their listed solution. */
export async function passedSolution(member: Member, challenge: Challenge): Promise<string> {
  await completeChallenge(member.page, member.login, challenge)
  const response = await member.page.request.get(`/api/challenges/${challenge.id}/solutions?limit=48`)
  expect(response.ok()).toBe(true)
  const { solutions } = galleryResponse.parse(await response.json())
  const card = solutions.find((solution) => solution.member.username === member.login)
  if (!card) throw new Error(`no listed solution of ${member.login} for ${challenge.slug}`)
  return card.id
}
