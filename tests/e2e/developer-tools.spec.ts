import { createServer, type ViteDevServer } from 'vite'
import { expect, test } from './fixtures.ts'

/**
 * `npm run dev` serves the app through Vite with React's development build, which announces itself to
 * React's developer tools through the global hook the extension installs. The test installs a hook of
 * its own, as the extension would, and checks who registers with it.
 */
type Renderer = { version: string; bundleType: number; rendererPackageName: string }
type Recorded = { renderers: Renderer[]; commits: number }

let vite: ViteDevServer
let origin: string

test.beforeAll(async ({ baseURL }) => {
  // The dev server sends /api to the API server of these tests (vite.config.ts reads API_PORT).
  process.env.API_PORT = new URL(baseURL ?? '').port
  vite = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await vite.listen()
  const address = vite.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the Vite dev server has no port')
  origin = `http://127.0.0.1:${address.port}`
})

test.afterAll(async () => {
  await vite?.close()
})

test('in development, React developer tools see the app: React DOM 19, its development build, commits', async ({
  page,
}) => {
  test.slow()
  await page.addInitScript(() => {
    const recorded: { renderers: unknown[]; commits: number } = { renderers: [], commits: 0 }
    Object.assign(window, {
      __recorded: recorded,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        renderers: new Map(),
        supportsFiber: true,
        isDisabled: false,
        inject(renderer: unknown) {
          recorded.renderers.push(renderer)
          return recorded.renderers.length
        },
        onCommitFiberRoot() {
          recorded.commits += 1
        },
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    })
  })
  await page.goto(`${origin}/challenges`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Challenges')
  const recorded = await page.evaluate(() => {
    const { renderers, commits } = (window as unknown as { __recorded: Recorded }).__recorded
    return {
      commits,
      renderers: renderers.map(({ version, bundleType, rendererPackageName }) => ({
        version,
        bundleType,
        rendererPackageName,
      })),
    }
  })
  expect(recorded.renderers).toHaveLength(1)
  expect(recorded.renderers[0]).toMatchObject({ rendererPackageName: 'react-dom', bundleType: 1 })
  expect(recorded.renderers[0]?.version).toMatch(/^19\./)
  expect(recorded.commits).toBeGreaterThan(0)
})
