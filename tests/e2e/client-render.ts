import type { Page } from '@playwright/test'

/**
 * Public pages arrive rendered by the server with their data, so a first load never shows the app's own
 * loading or failure states (docs/decisions/003-server-rendered-public-pages.md). Tests about those states
 * call this first: every page the tab opens then comes without the server's rendering, as when the server
 * could not render it, and the app loads its data in the browser as it does after any in-app navigation.
 */
export async function renderInBrowserOnly(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback()
    const response = await route.fetch()
    const rendered = await response.text()
    const html = rendered.replace(
      /<div id="root">[\s\S]*?<\/div>\s*<script type="application\/json" id="ssr-data">[\s\S]*?<\/script>/,
      '<div id="root"></div>',
    )
    // The plain app is a 200 whatever the page (an unknown profile's 404 is the server's verdict).
    await route.fulfill({ response, body: html, status: html === rendered ? response.status() : 200 })
  })
}
