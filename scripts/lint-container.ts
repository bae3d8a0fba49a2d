// Checks the container files without Docker (none runs here, and no image can be pulled):
//
//   npm run lint:container
//
// - Dockerfile: dockerfile-utils' validator (the checks of the Docker extension for VS Code: unknown
//   instructions and flags, wrong arguments, bad ports and durations, …), every diagnostic failing;
//   then this project's rules: several stages, the runtime on node:20-bookworm-slim, pinned images,
//   apt-get installs that ask nothing and leave no lists behind, a non-root USER, EXPOSE 3000, a
//   HEALTHCHECK on /api/health, and CMD in exec form.
// - compose.yaml: parses as YAML; app, postgres and an S3-compatible store; pinned images; every
//   dependency waits on a condition, and a healthy one has a healthcheck; the app's STORAGE_URL parses
//   with the server's own parser; production settings and GitHub credentials come from the operator.
//
// Prints one line per problem, then "container files: N problems"; exits 1 on any. The checks are
// exported for unit tests (lint-container.test.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { DockerfileParser, type Instruction } from 'dockerfile-ast'
import { validate } from 'dockerfile-utils'
import { isMap, parseDocument } from 'yaml'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { parseStorageUrl, StorageUrlError } from '#server/storage/storage-url.ts'

export const RUNTIME_IMAGE = 'node:20-bookworm-slim'

type Stage = { from: Instruction; name: string | null; instructions: Instruction[] }

const lineOf = (instruction: Instruction) => instruction.getRange().start.line + 1

/** An image reference with a tag or digest that is not `latest`. */
function isPinned(image: string): boolean {
  if (image.includes('@sha256:')) return true
  const tag = /:([^/:]+)$/.exec(image)?.[1]
  return Boolean(tag) && tag !== 'latest'
}

/** Instructions grouped by the FROM that starts each stage. */
function stagesOf(text: string): Stage[] {
  const stages: Stage[] = []
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(instruction.getArgumentsContent() ?? '')?.[1] ?? null
      stages.push({ from: instruction, name, instructions: [] })
    } else stages.at(-1)?.instructions.push(instruction)
  }
  return stages
}

/** Problems in a Dockerfile's text, each "Dockerfile:<line>: <what>". */
export function lintDockerfile(text: string): string[] {
  const problems: string[] = []
  const at = (line: number, message: string) => problems.push(`Dockerfile:${line}: ${message}`)
  for (const diagnostic of validate(text)) {
    // LSP severities: 1 is an error (the build would fail), 2 a warning.
    const level = diagnostic.severity === 1 ? 'error' : 'warning'
    at(diagnostic.range.start.line + 1, `${level}: ${diagnostic.message}`)
  }

  const stages = stagesOf(text)
  if (stages.length < 2) at(1, 'must be multi-stage: build in one stage, run from a slim one')
  const stageNames = new Set(stages.flatMap((stage) => (stage.name ? [stage.name] : [])))
  for (const stage of stages) {
    const image = (stage.from.getArgumentsContent() ?? '').split(/\s+/)[0] ?? ''
    if (!stageNames.has(image) && !isPinned(image))
      at(lineOf(stage.from), `FROM ${image} must name a tag (not latest) or a digest`)
    for (const instruction of stage.instructions) {
      const keyword = instruction.getKeyword()
      const args = instruction.getArgumentsContent() ?? ''
      if (keyword === 'ADD')
        at(lineOf(instruction), 'use COPY for local files (ADD also fetches and unpacks)')
      if (keyword === 'RUN' && /\bapt-get\s+install\b/.test(args)) {
        if (!/\s(-y|--yes|--assume-yes)\b/.test(args))
          at(lineOf(instruction), 'apt-get install must have -y: a build cannot answer questions')
        if (!args.includes('--no-install-recommends'))
          at(lineOf(instruction), 'apt-get install should have --no-install-recommends: a smaller image')
        if (!args.includes('rm -rf /var/lib/apt/lists'))
          at(lineOf(instruction), 'apt-get install must remove /var/lib/apt/lists in the same RUN')
      }
    }
  }

  const runtime = stages.at(-1)
  if (!runtime) return problems
  const end = lineOf(runtime.from)
  const runtimeImage = (runtime.from.getArgumentsContent() ?? '').split(/\s+/)[0]
  if (runtimeImage !== RUNTIME_IMAGE) at(end, `the last stage must run from ${RUNTIME_IMAGE}`)
  const last = (keyword: string) => runtime.instructions.filter((i) => i.getKeyword() === keyword).at(-1)
  const user = last('USER')?.getArgumentsContent()?.split(':')[0]
  if (!user || user === 'root' || user === '0')
    at(end, 'the last stage must switch to a non-root USER: the server and Chromium run unprivileged')
  const exposed = runtime.instructions
    .filter((i) => i.getKeyword() === 'EXPOSE')
    .flatMap((i) => (i.getArgumentsContent() ?? '').split(/\s+/))
  if (!exposed.some((port) => port === '3000' || port === '3000/tcp'))
    at(end, 'the last stage must EXPOSE 3000')
  const healthcheck = last('HEALTHCHECK')?.getArgumentsContent() ?? ''
  if (!healthcheck.includes('/api/health'))
    at(end, 'the last stage must have a HEALTHCHECK that asks /api/health (which checks the database)')
  const cmd = last('CMD')
  if (!cmd) at(end, 'the last stage must have a CMD')
  else if (!(cmd.getArgumentsContent() ?? '').trim().startsWith('['))
    at(lineOf(cmd), 'CMD must be in exec form (["node", …]) so that the server gets SIGTERM itself')
  return problems
}

type ComposeService = {
  image?: unknown
  build?: unknown
  environment?: unknown
  depends_on?: unknown
  healthcheck?: unknown
}

/** A service's environment as name → value, from either the map or the list form. */
function environmentOf(service: ComposeService): Record<string, string> {
  const environment = service.environment
  if (Array.isArray(environment))
    return Object.fromEntries(
      environment.map((entry) => {
        const [name = '', ...value] = String(entry).split('=')
        return [name, value.join('=')]
      }),
    )
  if (environment && typeof environment === 'object')
    return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value ?? '')]))
  return {}
}

/** Problems in a compose file's text, each "compose.yaml: <what>". */
export function lintCompose(text: string): string[] {
  const problems: string[] = []
  const say = (message: string) => problems.push(`compose.yaml: ${message}`)
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true })
  for (const error of [...document.errors, ...document.warnings]) say(`YAML: ${error.message}`)
  if (document.errors.length > 0) return problems
  if (!isMap(document.contents)) return [...problems, 'compose.yaml: must be a map with `services`']
  const services = (document.toJS() as { services?: Record<string, ComposeService> }).services ?? {}

  for (const name of ['app', 'postgres']) if (!services[name]) say(`must have a service "${name}"`)
  const store = Object.entries(services).find(([, service]) =>
    /minio|s3|garage|seaweed/i.test(String(service.image)),
  )
  if (!store) say('must have an S3-compatible object store service (such as minio/minio)')

  for (const [name, service] of Object.entries(services)) {
    if (service.image === undefined && service.build === undefined)
      say(`${name} must have an image or a build`)
    if (service.image !== undefined && service.build === undefined && !isPinned(String(service.image)))
      say(`${name}'s image ${String(service.image)} must name a tag (not latest)`)
    const dependsOn = service.depends_on
    if (dependsOn === undefined) continue
    if (Array.isArray(dependsOn) || typeof dependsOn !== 'object' || dependsOn === null) {
      say(`${name}'s depends_on must give each service a condition (service_healthy, …), not only a name`)
      continue
    }
    for (const [dependency, rule] of Object.entries(dependsOn as Record<string, { condition?: string }>)) {
      if (!services[dependency]) say(`${name} depends on ${dependency}, which is not a service`)
      const condition = rule?.condition
      if (!condition) say(`${name}'s dependency on ${dependency} must have a condition`)
      if (condition === 'service_healthy' && !services[dependency]?.healthcheck)
        say(`${name} waits for ${dependency} to be healthy, but ${dependency} has no healthcheck`)
    }
  }

  const app = services.app
  if (!app) return problems
  const env = environmentOf(app)
  if (env.NODE_ENV !== 'production') say('app must set NODE_ENV: production')
  for (const name of ['PUBLIC_URL', 'DATABASE_URL', 'STORAGE_URL'])
    if (!env[name]) say(`app must set ${name}`)
  for (const name of ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'])
    if (!new RegExp(`^\\$\\{${name}:\\?`).test(env[name] ?? ''))
      say(`app must take ${name} from the operator's environment, required: \${${name}:?…}`)
  if (env.DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.DATABASE_URL))
    say('app DATABASE_URL must be a postgres:// URL')
  if (env.STORAGE_URL) {
    try {
      if (parseStorageUrl(env.STORAGE_URL).kind !== 's3') say('app STORAGE_URL must name the s3:// bucket')
    } catch (error) {
      if (!(error instanceof StorageUrlError)) throw error
      say(`app STORAGE_URL ${error.message}`)
    }
  }
  const dependencies = Object.keys((app.depends_on as Record<string, unknown> | undefined) ?? {})
  for (const name of ['postgres', ...(store ? [store[0]] : [])])
    if (!dependencies.includes(name)) say(`app must depend on ${name}`)
  return problems
}

async function main() {
  const problems = [
    ...lintDockerfile(readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8')),
    ...lintCompose(readFileSync(join(PROJECT_ROOT, 'compose.yaml'), 'utf8')),
  ]
  for (const problem of problems) console.log(problem)
  console.log(`container files: ${problems.length} problem${problems.length === 1 ? '' : 's'}`)
  process.exit(problems.length > 0 ? 1 : 0)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
