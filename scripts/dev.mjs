// `npm run dev`: the API server (restarted on change by tsx) and Vite with hot reload, which proxies
// /api, /auth and /files to it. Open http://localhost:5173.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3000'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
for (const child of children) {
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
