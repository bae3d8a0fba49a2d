import { expect, expectNoAxeViolations, test } from './fixtures.ts'

/**
 * The API described at /api/openapi.json (docs/decisions/007-openapi-from-a-route-table.md), readable and
 * tryable at /api/docs, offline.
 */
test('the API docs page lists the operations and runs one against this server, under the CSP', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
  })

  await page.goto('/api/docs')
  await expect(page).toHaveTitle('Frontend Dojo API')
  await expect(page.getByRole('heading', { name: /Frontend Dojo API/ })).toBeVisible()
  const health = page.locator('#operations-Site-getHealth')
  await expect(health).toBeVisible()

  // Try it out: the viewer calls this server and shows the answer.
  await health.locator('.opblock-summary').click()
  await health.getByRole('button', { name: 'Try it out' }).click()
  await health.getByRole('button', { name: 'Execute' }).click()
  await expect(health.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200')

  expect(violations).toEqual([])
  // Nothing from elsewhere: no CDN, no fonts, no validator badge.
  const { origin } = new URL(page.url())
  expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([])
  await expectNoAxeViolations(page)
})
