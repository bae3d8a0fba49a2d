import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { lintCompose, lintDockerfile } from './lint-container.ts'

const dockerfile = readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8')
const compose = readFileSync(join(PROJECT_ROOT, 'compose.yaml'), 'utf8')

/** The file with one exact piece replaced; fails loudly if the piece is not there (the test would lie). */
function edit(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to)
  if (changed === text) throw new Error(`nothing to replace: ${String(from)}`)
  return changed
}

describe('the Dockerfile', () => {
  it('passes the validator and the project rules', () => {
    expect(lintDockerfile(dockerfile)).toEqual([])
  })

  it.each([
    [
      'an unknown instruction',
      ['EXPOSE 3000', 'EXPOSE 3000\nCOPPY a b'],
      /Dockerfile:\d+: error: Unknown instruction: COPPY/,
    ],
    ['a bad port', ['EXPOSE 3000', 'EXPOSE 3000x'], /error: Invalid containerPort: 3000x/],
    [
      'a HEALTHCHECK without command',
      [/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, 'HEALTHCHECK CMD\n'],
      /error: Missing command after HEALTHCHECK CMD/,
    ],
    ['a run as root', ['USER node', 'USER root'], /must switch to a non-root USER/],
    ['no USER at all', ['USER node\n', ''], /must switch to a non-root USER/],
    ['no health check on /api/health', ["/api/health'", "/'"], /HEALTHCHECK that asks \/api\/health/],
    ['another port', ['EXPOSE 3000', 'EXPOSE 8080'], /must EXPOSE 3000/],
    [
      'a shell-form CMD',
      [
        'CMD ["node", "--max-semi-space-size=4", "dist/server/index.js"]',
        'CMD node --max-semi-space-size=4 dist/server/index.js',
      ],
      /CMD must be in exec form/,
    ],
    [
      'an unpinned base image',
      [/FROM node:20-bookworm-slim AS deps/, 'FROM node AS deps'],
      /FROM node must name a tag/,
    ],
    [
      'another runtime image',
      [/FROM node:20-bookworm-slim AS runtime/, 'FROM node:22-slim AS runtime'],
      /last stage must run from node:20-bookworm-slim/,
    ],
    [
      'an apt-get install that may ask',
      ['install -y --no-install-recommends', 'install --no-install-recommends'],
      /apt-get install must have -y/,
    ],
    [
      'apt lists left in the image',
      [' \\\n  && rm -rf /var/lib/apt/lists/*', ''],
      /must remove \/var\/lib\/apt\/lists/,
    ],
  ] as const)('finds %s', (_, [from, to], problem) => {
    expect(lintDockerfile(edit(dockerfile, from, to))).toEqual(
      expect.arrayContaining([expect.stringMatching(problem)]),
    )
  })

  it('wants several stages', () => {
    expect(lintDockerfile('FROM node:20-bookworm-slim\nUSER node\nEXPOSE 3000\nCMD ["node"]\n')).toEqual(
      expect.arrayContaining([expect.stringMatching(/must be multi-stage/)]),
    )
  })

  it('ships what the server reads at run time, and runs the built bundle', () => {
    for (const copied of ['./dist', './drizzle', './content', './node_modules', 'package.json'])
      expect(dockerfile).toMatch(new RegExp(`^COPY .*${copied.replace('.', '\\.')}`, 'm'))
    expect(dockerfile).toContain('CHROMIUM_PATH=/usr/bin/chromium')
    expect(dockerfile).toContain('HOST=0.0.0.0')
    expect(dockerfile).toMatch(/^RUN npm run build$/m)
  })
})

describe('compose.yaml', () => {
  it('parses as YAML and passes the project rules', () => {
    expect(parse(compose)).toMatchObject({ services: expect.any(Object) })
    expect(lintCompose(compose)).toEqual([])
  })

  it.each([
    ['broken YAML', ['services:', 'services: [\n'], /compose\.yaml: YAML: /],
    [
      'a duplicated key',
      [
        '    restart: unless-stopped\n    ports:',
        '    restart: unless-stopped\n    restart: always\n    ports:',
      ],
      /YAML: Map keys must be unique/,
    ],
    [
      'a wrong STORAGE_URL',
      ['s3://frontend-dojo?endpoint=', 's3://frontend-dojo?endpont='],
      /app STORAGE_URL must use only the parameters/,
    ],
    [
      'a GitHub secret written in',
      [/GITHUB_CLIENT_SECRET: \$\{[^\n]*/, 'GITHUB_CLIENT_SECRET: hunter2'],
      /take GITHUB_CLIENT_SECRET from the operator's environment/,
    ],
    ['no production mode', ['NODE_ENV: production', 'NODE_ENV: development'], /NODE_ENV: production/],
    [
      'an unpinned image',
      ['image: postgres:16', 'image: postgres'],
      /postgres's image postgres must name a tag/,
    ],
    [
      'a wait on a store without healthcheck',
      [/ {4}healthcheck:\n {6}test: \["CMD", "mc"[^\n]*\n( {6}[^\n]*\n)*/, ''],
      /waits for storage to be healthy, but storage has no healthcheck/,
    ],
    [
      'a dependency without condition',
      [/ {6}postgres:\n {8}condition: service_healthy\n/, ''],
      /app must depend on postgres/,
    ],
  ] as const)('finds %s', (_, [from, to], problem) => {
    expect(lintCompose(edit(compose, from, to))).toEqual(
      expect.arrayContaining([expect.stringMatching(problem)]),
    )
  })
})
