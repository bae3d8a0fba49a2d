import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compileHints } from './scripts/vite/compile-hints.ts'
import { scriptsAfterPaint } from './scripts/vite/scripts-after-paint.ts'
import { tailwindFloor } from './scripts/vite/tailwind-floor.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

/**
 * React Router's package points every bundler at its development build (warnings, checks); the
 * production build is the same code without them and about a third smaller.
 */
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
)

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: {
    alias:
      command === 'build' && !isSsrBuild
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  publicDir: 'public',
  // React 19 and react-dom, with Fast Refresh in development (docs/decisions/010-react-19.md).
  plugins: [
    react(),
    tailwindcss(),
    tailwindFloor(),
    // The code each page runs as it starts is compiled off the main thread (scripts/vite/compile-hints.ts):
    // the entry with its imports, each route's own chunk and the catalogue's shared one.
    !isSsrBuild &&
      compileHints({
        eager: (chunk) =>
          chunk.name === 'catalogue-ui' || /\/src\/web\/routes\/[^/]+\.tsx$/.test(chunk.facadeModuleId ?? ''),
      }),
    // The scripts are asked for after the stylesheet, the font and the images the first paint shows.
    !isSsrBuild && scriptsAfterPaint(),
  ],
  // The renderer bundles its packages, built in production mode: React's server renderer is its
  // production build whatever NODE_ENV the server runs with (development by default, see the README),
  // and the server loads one file rather than resolving React, React Router and TanStack Query anew.
  ssr: { noExternal: true },
  define: isSsrBuild && command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        // The server's renderer (`vite build --ssr entry-server.tsx`): the same components for Node.
        // Asset URLs match the browser build's.
        outDir: '../../dist/render',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        sourcemap: true,
        copyPublicDir: false,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        // Maps are written for reading production stack traces, but bundles do not point to them and
        // the server does not serve them.
        sourcemap: 'hidden',
        // Which files each route needs: the server links them with the rendered page.
        manifest: true,
        // Every browser the app supports knows <link rel="modulepreload">: the polyfill's check only cost
        // the first page a DOM call before anything else could run.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The icons' barrel only re-exports (src/web/components/ui/icons.tsx): declared free of side
          // effects, a page's chunks link the icon modules it uses rather than the barrel and all of them.
          treeshake: {
            moduleSideEffects: [
              { test: /src\/web\/components\/ui\/icons(\/[a-z-]+)?\.tsx$/, sideEffects: false },
            ],
          },
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                // What every page runs on, as one file: React, React DOM, React Router and TanStack Query.
                // Gzip compresses one file better than five, and each costs the first page a request.
                {
                  name: 'framework',
                  test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query))\//,
                  priority: 2,
                },
                // The small modules every catalogue page shares (cards, images, badges, the page title) are
                // one chunk rather than eight: on a phone's network each file a page waits for costs a round trip.
                {
                  name: 'catalogue-ui',
                  priority: 1,
                  test: /src\/web\/(features\/challenges\/(components\/(challenge-card|challenge-list-card|challenge-image|difficulty-badge)|api\/challenges)|components\/page-title|lib\/head)\.tsx?$|src\/shared\/categories\.ts$/,
                },
                // The rest of what index.html's script imports (the shell's modules that pages import too:
                // the API client, toasts, the session, the icons of the navbar and the footer), as one file
                // rather than one per module the pages share with it.
                { name: 'shell', tags: ['$initial'] },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/files': apiTarget,
      '/github': apiTarget,
    },
  },
}))
