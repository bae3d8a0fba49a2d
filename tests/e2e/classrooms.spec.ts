import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { gridResponse } from '#shared/classroom.ts'
import { listChallenges } from './catalogue.ts'
import { expect, expectHydrated, expectNoAxeViolations, test, VIEWPORTS } from './fixtures.ts'
import { completeChallenge } from './live-sites.ts'
import { emulatedName, signIn, uniqueLogin } from './sign-in-helper.ts'

/**
 * Classrooms in the browser (docs/product.md §13): a teacher creates one, shares its invite link and
 * assigns a challenge with a due time; a student opens the link, signs in, joins, and passes the
 * challenge on their own live site; the teacher's grid shows them passed with the score, and the CSV
 * export names them with it. Every classroom page is axe-clean at 1440 and 375 px wide, and the member
 * text in it (a name and a description full of markup, replacement patterns and script endings) shows as
 * text.
 */

const HOSTILE_NAME = `Web <img src=x onerror=alert(1)> $& $' $\` </script><!-- \u2028 101`
const HOSTILE_DESCRIPTION = `Evenings </textarea><script>alert(2)</script> $1 $$ {{x}} \${y}`
const words = (text: string) => text.replace(/\s+/g, ' ').trim()

/** axe at both widths the suite checks, then back to the desktop. */
async function axeAtBothWidths(page: Page) {
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport)
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    )
  }
  await page.setViewportSize(VIEWPORTS.desktop)
}

/** `at` as a datetime-local input's value in the page's own time zone. */
function localInput(page: Page, at: number) {
  return page.evaluate((ms) => {
    const d = new Date(ms)
    const pad = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
  }, at)
}

test('a teacher shares a classroom and assigns a challenge; a student joins by the link and passes; the grid and the CSV show it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const challenges = await listChallenges(request)
  const challenge = challenges[(testInfo.workerIndex + 11) % challenges.length]
  if (!challenge) throw new Error('the catalogue is empty')

  // The teacher creates the classroom.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, testInfo, uniqueLogin(testInfo, 'teacher'))
  await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Classrooms' }).click()
  await expect(page).toHaveURL('/classrooms')
  await expect(page.getByRole('heading', { level: 1, name: 'Classrooms' })).toBeVisible()
  await expectHydrated(page)
  await axeAtBothWidths(page)
  // An empty name is refused before anything is sent, and the message is tied to the field.
  await page.getByRole('button', { name: 'Create classroom' }).click()
  const nameField = page.getByLabel('Name', { exact: true })
  await expect(nameField).toHaveAttribute('aria-invalid', 'true')
  await expect(nameField).toHaveAccessibleDescription('Give the classroom a name.')
  await nameField.fill(HOSTILE_NAME)
  await page.getByLabel('Description (optional)').fill(HOSTILE_DESCRIPTION)
  await page.getByRole('button', { name: 'Create classroom' }).click()
  await expect(page).toHaveURL(/\/classrooms\/[0-9a-f-]{36}$/)
  const classroomUrl = new URL(page.url()).pathname
  const classroomId = classroomUrl.split('/').pop() as string
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toBeFocused()
  expect(words((await heading.textContent()) ?? '')).toBe(words(HOSTILE_NAME))
  // The description as text in a paragraph (the owner's settings field holds it too, as its value).
  await expect(page.getByRole('paragraph').filter({ hasText: HOSTILE_DESCRIPTION })).toBeVisible()

  // The invite link, copied.
  const inviteLink = ((await page.getByTestId('invite-link').textContent()) ?? '').trim()
  expect(inviteLink).toMatch(/\/join\/[A-Za-z0-9_-]{8,64}$/)
  await page.getByRole('button', { name: 'Copy invite link' }).click()
  await expect(page.getByText('Invite link copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink)

  // An assignment: a bound out of range is refused with its message on the field, then it is assigned.
  const form = page.getByRole('form', { name: 'Assign a challenge' })
  await form.getByLabel('Challenge').selectOption({ label: challenge.title })
  await form.getByLabel('Due').fill(await localInput(page, Date.now() + 7 * 24 * 3600_000))
  const minScore = form.getByLabel('Match score at least (0 to 100)')
  await minScore.fill('101')
  await form.getByRole('button', { name: 'Assign' }).click()
  await expect(minScore).toHaveAttribute('aria-invalid', 'true')
  await expect(minScore).toHaveAccessibleDescription(/must be a whole number from 0 to 100/)
  await minScore.fill('')
  await form.getByRole('button', { name: 'Assign' }).click()
  await expect(form.getByRole('status')).toContainText(`Assigned ${challenge.title}, due`)
  const item = page.getByTestId('assignment').filter({ hasText: challenge.title })
  await expect(item.getByRole('heading', { name: challenge.title })).toBeFocused()
  await expect(page.getByText('Invite link copied.')).toHaveCount(0, { timeout: 20_000 })
  await axeAtBothWidths(page)

  // The student opens the link as a visitor: the classroom's name, and a sign-in that comes back.
  const studentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL })
  const student = await studentContext.newPage()
  student.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  const joinPath = new URL(inviteLink).pathname
  await student.goto(joinPath)
  const joinHeading = student.getByRole('heading', { level: 1 })
  await expect(joinHeading).toBeVisible()
  expect(words((await joinHeading.textContent()) ?? '')).toBe(words(HOSTILE_NAME))
  const login = student.getByRole('link', { name: 'Login with GitHub to join' })
  await expect(login).toHaveAttribute('href', `/auth/github?returnTo=${encodeURIComponent(joinPath)}`)
  await expectHydrated(student)
  await axeAtBothWidths(student)
  await student.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }))
  await login.click()
  const studentLogin = uniqueLogin(testInfo, 'student')
  await student.getByLabel('GitHub username').fill(studentLogin)
  await student.getByRole('button', { name: 'Authorize' }).click()
  await expect(student).toHaveURL(joinPath)
  await student.getByRole('button', { name: 'Join classroom' }).click()
  await expect(student).toHaveURL(classroomUrl)
  await expect(student.getByRole('heading', { level: 1 })).toBeFocused()
  const studentItem = student.getByTestId('assignment').filter({ hasText: challenge.title })
  await expect(studentItem.getByTestId('assignment-due')).toContainText(/\d{2}:\d{2}/)
  await expect(studentItem.locator('[data-status]')).toHaveText('Not started')
  await axeAtBothWidths(student)

  // The student builds and submits: their own live site passes its review.
  await completeChallenge(student, studentLogin, challenge)
  await student.reload()
  await expect(studentItem.locator('[data-status]')).toHaveText('Passed')
  await student.goto('/my')
  const mine = student.getByTestId('my-assignments')
  await expect(mine).toContainText(challenge.title)
  await expect(mine.locator('[data-status]')).toHaveText(['Passed'])

  // The teacher's grid: the student passed, with the score.
  const grid = gridResponse.parse(
    await (await page.request.get(`/api/classrooms/${classroomId}/grid`)).json(),
  )
  const score = grid.students[0]?.grades[0]?.graded?.score
  expect(typeof score).toBe('number')
  await page.goto(`${classroomUrl}/grid`)
  await expectHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Progress grid' })).toBeFocused()
  const row = page.getByRole('row').filter({ hasText: studentLogin })
  await expect(row.getByRole('rowheader')).toContainText(emulatedName(studentLogin))
  await expect(row.getByTestId('grade-cell')).toHaveAttribute('data-status', 'passed')
  await expect(row.getByTestId('grade-score')).toHaveText(
    `Score ${(Math.round((score as number) * 10) / 10).toFixed(1)}`,
  )
  // Sorting by a column is a button in its header, and the header says how the rows are sorted.
  const column = page.getByRole('columnheader', {
    name: new RegExp(challenge.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  })
  await expect(column).toHaveAttribute('aria-sort', 'none')
  await column.getByRole('button').focus()
  await page.keyboard.press('Enter')
  await expect(column).toHaveAttribute('aria-sort', 'ascending')
  await axeAtBothWidths(page)
  // At 375 px each student is a list of their assignments.
  await page.setViewportSize(VIEWPORTS.mobile)
  await expect(page.getByTestId('grid-list')).toContainText(studentLogin)
  await expect(page.getByTestId('progress-grid')).toBeHidden()
  await page.setViewportSize(VIEWPORTS.desktop)

  // The CSV names the student with the score.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('grades.csv')
  const csv = await readFile(await download.path(), 'utf8')
  const line = csv.split('\r\n').find((text) => text.startsWith(`${studentLogin},`))
  expect(line).toBeDefined()
  expect(line).toContain(`passed,${score}`)

  expect(dialogs).toEqual([])
  await studentContext.close()
})
