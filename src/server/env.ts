import { join, resolve } from 'node:path'
import findCacheDirectory from 'find-cache-dir'
import { z } from 'zod'
import { PROJECT_ROOT } from '#server/project-root.ts'
import {
  parseStorageUrl,
  redactStorageUrl,
  type StorageConfig,
  StorageUrlError,
} from '#server/storage/storage-url.ts'

const optionalUrl = z.url({ protocol: /^https?$/ }).optional()

/**
 * Every setting the server reads, with its default. The only module that reads `process.env`.
 * A wrong value stops the process with a sentence naming the variable and what it expects.
 */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], 'must be development, test or production')
    .default('development'),
  HOST: z.string().min(1, 'must be a host name or address').default('127.0.0.1'),
  PORT: z.coerce
    .number('must be a port number')
    .int('must be a whole number')
    .min(0)
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  DATA_DIR: z.string().min(1).default('.data'),
  // Parsed into `storage` below; here only checked, so a mistake joins the other sentences.
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseStorageUrl(value)
      } catch (error) {
        if (!(error instanceof StorageUrlError)) throw error
        ctx.addIssue({ code: 'custom', message: error.message })
      }
    }),
  STORAGE_REDIRECT: z
    .enum(
      ['false', 'true', '0', '1'],
      'must be 1 (files are sent by a redirect to a short-lived address of the store) or 0',
    )
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  // The S3 keys when STORAGE_URL does not hold them; with neither, the AWS SDK's other sources
  // (a profile, the container's or instance's role) are asked.
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number('must be a number')
    .int()
    .min(1)
    .max(100, 'must be at most 100')
    .default(10),
  CONTENT_DIR: z.string().min(1).default('content/challenges'),
  /**
   * Where a catalogue import keeps the design images it converted, for the next import of the same
   * folders (image-cache.ts); `off` keeps none. Default: node_modules/.cache/frontend-dojo/design-images.
   */
  IMAGE_CACHE_DIR: z.string().trim().min(1, 'must be a folder, or off').optional(),
  COMPETITIONS_DIR: z.string().min(1).default('content/competitions'),
  PATHS_DIR: z.string().min(1).default('content/paths'),
  LOG_LEVEL: z
    .enum(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent')
    .default('info'),
  BRAND_NAME: z.string().trim().min(1, 'must not be empty').max(60).default('Frontend Dojo'),
  SUPPORT_EMAIL: z.email('must be an e-mail address').default('support@frontend-dojo.dev'),
  SOCIAL_GITHUB_URL: optionalUrl.default('https://github.com/frontend-dojo'),
  SOCIAL_X_URL: optionalUrl.default('https://x.com/frontenddojo'),
  SOCIAL_LINKEDIN_URL: optionalUrl.default('https://www.linkedin.com/company/frontend-dojo'),
  /**
   * The admins (docs/product.md §12): GitHub logins, separated by commas or spaces, any letter case. They
   * see reports and moderate. None by default.
   */
  ADMIN_GITHUB_LOGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(/[\s,]+/)
        .map((login) => login.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/, 'must be GitHub logins, separated by commas'),
      ),
    ),
  /**
   * Who may create classrooms (docs/product.md §13): any member (`open`, the default), or only
   * the admins of ADMIN_GITHUB_LOGINS (`admins`).
   */
  CLASSROOMS: z.enum(['open', 'admins'], 'must be open or admins').default('open'),
  RATE_LIMIT_SIGN_IN: z.coerce.number('must be a number').int().min(1, 'must be at least 1').default(20),
  RATE_LIMIT_MUTATIONS: z.coerce.number('must be a number').int().min(1, 'must be at least 1').default(60),
  RATE_LIMIT_STORE: z
    .string()
    .regex(
      /^(memory|database|rediss?:\/\/\S+)$/,
      'must be memory, database, or a redis:// (or rediss://) URL such as redis://127.0.0.1:6379',
    )
    .refine((value) => !value.startsWith('redis') || URL.canParse(value), 'must be a valid redis:// URL')
    .optional(),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the http(s) address people open, such as https://dojo.example.org',
    })
    .optional(),
  GITHUB_CLIENT_ID: z.string().trim().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GITHUB_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://github.com' })
    .optional(),
  GITHUB_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.github.com' })
    .optional(),
  TRUST_PROXY: z
    .enum(
      ['false', 'true', '0', '1', '2', '3'],
      'must be false, true, or the number of proxies in front (0-3)',
    )
    .default('false')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  REVIEW_WORKERS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 (reviews are queued but not run here) or more')
    .max(16, 'must be at most 16')
    .default(1),
  /**
   * Lighthouse in the review's quality report: tens of seconds per review on a small machine. `off` leaves
   * it out (the report says so); the review's verdict never depends on it.
   */
  REVIEW_LIGHTHOUSE: z
    .enum(['on', 'off'], 'must be on or off')
    .default('on')
    .transform((value) => value === 'on'),
  /**
   * axe in the review's quality report: a few seconds per review, at the desktop and mobile widths. `off`
   * leaves it out (the report says so); the review's verdict and points never depend on it, but a review
   * without it wins no competition gold badge and meets no classroom rule on accessibility issues.
   */
  REVIEW_AXE: z
    .enum(['on', 'off'], 'must be on or off')
    .default('on')
    .transform((value) => value === 'on'),
  LINK_CHECK_WORKERS: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(0, 'must be 0 (no weekly link checks in this process) or more')
    .max(16, 'must be at most 16')
    .default(4),
  REVIEW_ALLOW_LOOPBACK: z
    .string()
    .regex(
      /^(true|false|1|0|\d{1,5}(,\d{1,5})*)$/,
      'must be false, true, or a comma-separated list of loopback ports such as 4173,4174',
    )
    .default('false')
    .transform((value): ReviewLoopback => {
      if (value === 'false' || value === '0') return false
      if (value === 'true' || value === '1') return true
      return { ports: value.split(',').map(Number) }
    })
    .refine(
      (value) => typeof value === 'boolean' || value.ports.every((port) => port >= 1 && port <= 65535),
      'must list ports from 1 to 65535',
    ),
})

/** Tests only: the loopback sites a review or a link check may open (all ports, some, or none). */
type ReviewLoopback = boolean | { ports: readonly number[] }

export type GitHubConfig = {
  /** `emulator`: the built-in stand-in answers GitHub's addresses from this server. */
  mode: 'github' | 'emulator'
  clientId: string
  clientSecret: string
  /** Web address (authorize page, token endpoint) and API address, without trailing slash. */
  url: string
  apiUrl: string
}

/**
 * Where rate-limit counts live: in this process (`memory`), in the database every instance shares
 * (`database`, the default on PostgreSQL), or in Redis. PGlite has one process, so memory is its default.
 */
export type RateLimitStoreConfig = { kind: 'memory' } | { kind: 'database' } | { kind: 'redis'; url: string }

export const EMULATOR_PATH = '/github-emulator'
export const EMULATOR_CLIENT = { id: 'frontend-dojo-emulator', secret: 'emulator-secret-not-for-production' }

export type Env = z.infer<typeof envSchema> & {
  dataDir: string
  contentDir: string
  /** Absolute path of IMAGE_CACHE_DIR; null when images are not kept. */
  imageCacheDir: string | null
  /** Absolute path of COMPETITIONS_DIR. */
  competitionsDir: string
  /** Absolute path of PATHS_DIR: the learning paths (docs/content-format.md). */
  pathsDir: string
  /** The origin people open, e.g. http://localhost:3000: OAuth callbacks and the CSRF check use it. */
  publicOrigin: string
  secureCookies: boolean
  github: GitHubConfig
  /** Where stored files live (STORAGE_URL). */
  storage: StorageConfig
  rateLimitStore: RateLimitStoreConfig
}

/** node_modules/.cache/frontend-dojo/design-images, when node_modules is there and writable. */
function defaultImageCacheDir(): string | null {
  const base = findCacheDirectory({ name: 'frontend-dojo', cwd: PROJECT_ROOT })
  return base ? join(base, 'design-images') : null
}

/** localhost, 127.0.0.0/8 and ::1 (with or without brackets): reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(bare)
  )
}

/** Things an operator should know at every start, though the configuration is valid. */
export function startupWarnings(env: Env): string[] {
  const warnings: string[] = []
  if (env.github.mode === 'emulator')
    warnings.push(
      'The built-in GitHub emulator is on because GITHUB_CLIENT_ID is not set: anyone who can open this server signs in as any login they type. Use it on this machine only; set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET for real sign-in.',
    )
  if (env.REVIEW_ALLOW_LOOPBACK !== false)
    warnings.push(
      'REVIEW_ALLOW_LOOPBACK is on: submission reviews and link checks may open sites on this machine (127.0.0.1). It is meant for tests; unset it anywhere else.',
    )
  return warnings
}

/** What an error message may show of a variable: secrets hidden, a URL's password replaced. */
function redactSecret(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return value
  if (/SECRET|PASSWORD|TOKEN/.test(name)) return '(hidden)'
  // postgres://user:password@host/db and redis://:password@host: keep the shape, not the password.
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, '$1***@')
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/** Parses an environment (process.env by default); throws EnvError with one sentence per bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const sentences = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      // Never repeat a secret: STORAGE_URL may hold a key, a connection URL a password.
      const got =
        name === 'STORAGE_URL' ? redactStorageUrl(source[name] ?? '') : redactSecret(name, source[name])
      return `${name} ${issue.message.startsWith('must') ? issue.message : `is invalid: ${issue.message}`} (got ${JSON.stringify(got)}).`
    })
    throw new EnvError(`Invalid configuration: ${sentences.join(' ')}`)
  }
  const data = result.data
  const production = data.NODE_ENV === 'production'
  const problems: string[] = []
  if (production && !data.PUBLIC_URL)
    problems.push(
      'PUBLIC_URL must be set in production to the address people open (such as https://dojo.example.org).',
    )
  if (production && (!data.GITHUB_CLIENT_ID || !data.GITHUB_CLIENT_SECRET)) {
    problems.push(
      'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set in production: create a GitHub OAuth app whose callback URL is <PUBLIC_URL>/auth/github/callback and set both.',
    )
  }
  if (production && data.REVIEW_ALLOW_LOOPBACK !== false)
    problems.push(
      'REVIEW_ALLOW_LOOPBACK must not be set in production: it lets reviews open sites on this machine, which only tests need. Remove it.',
    )
  const storage = parseStorageUrl(data.STORAGE_URL)
  if (!data.AWS_ACCESS_KEY_ID !== !data.AWS_SECRET_ACCESS_KEY)
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither).')
  if (storage.kind === 's3' && !storage.credentials && data.AWS_ACCESS_KEY_ID && data.AWS_SECRET_ACCESS_KEY)
    storage.credentials = {
      accessKeyId: data.AWS_ACCESS_KEY_ID,
      secretAccessKey: data.AWS_SECRET_ACCESS_KEY,
      ...(data.AWS_SESSION_TOKEN ? { sessionToken: data.AWS_SESSION_TOKEN } : {}),
    }
  if (data.STORAGE_REDIRECT && storage.kind !== 's3')
    problems.push(
      'STORAGE_REDIRECT=1 needs an s3:// STORAGE_URL: files on this machine have no short-lived address of their own to redirect to. Set STORAGE_URL to the bucket, or remove STORAGE_REDIRECT.',
    )
  if (data.GITHUB_CLIENT_ID && !data.GITHUB_CLIENT_SECRET)
    problems.push('GITHUB_CLIENT_SECRET must be set when GITHUB_CLIENT_ID is.')
  const publicOrigin = new URL(data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).origin
  const emulated = !data.GITHUB_CLIENT_ID
  if (emulated && !production) {
    // The emulator signs in whoever types a login: it must not be reachable from other machines.
    const exposed = [
      isLoopbackHost(data.HOST) ? null : `HOST is ${JSON.stringify(data.HOST)}`,
      isLoopbackHost(new URL(publicOrigin).hostname) ? null : `PUBLIC_URL is ${JSON.stringify(publicOrigin)}`,
    ].filter(Boolean)
    if (exposed.length > 0)
      problems.push(
        `The built-in GitHub emulator (on because GITHUB_CLIENT_ID is not set) lets anyone sign in as any member, so it runs only on a loopback address, but ${exposed.join(' and ')}. Set HOST (and PUBLIC_URL) to 127.0.0.1, localhost or ::1, or set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET to sign in with GitHub.`,
      )
  }
  if (problems.length > 0) throw new EnvError(`Invalid configuration: ${problems.join(' ')}`)

  const github: GitHubConfig = emulated
    ? {
        mode: 'emulator',
        clientId: EMULATOR_CLIENT.id,
        clientSecret: EMULATOR_CLIENT.secret,
        url: `${publicOrigin}${EMULATOR_PATH}`,
        apiUrl: `${publicOrigin}${EMULATOR_PATH}/api`,
      }
    : {
        mode: 'github',
        clientId: data.GITHUB_CLIENT_ID ?? '',
        clientSecret: data.GITHUB_CLIENT_SECRET ?? '',
        url: (data.GITHUB_URL ?? 'https://github.com').replace(/\/+$/, ''),
        apiUrl: (data.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
      }
  const store = data.RATE_LIMIT_STORE ?? (data.DATABASE_URL ? 'database' : 'memory')
  const rateLimitStore: RateLimitStoreConfig =
    store === 'memory' || store === 'database' ? { kind: store } : { kind: 'redis', url: store }
  return {
    ...data,
    rateLimitStore,
    publicOrigin,
    secureCookies: production || publicOrigin.startsWith('https:'),
    github,
    storage,
    dataDir: resolve(PROJECT_ROOT, result.data.DATA_DIR),
    contentDir: resolve(PROJECT_ROOT, result.data.CONTENT_DIR),
    imageCacheDir:
      result.data.IMAGE_CACHE_DIR === 'off'
        ? null
        : result.data.IMAGE_CACHE_DIR
          ? resolve(PROJECT_ROOT, result.data.IMAGE_CACHE_DIR)
          : defaultImageCacheDir(),
    competitionsDir: resolve(PROJECT_ROOT, result.data.COMPETITIONS_DIR),
    pathsDir: resolve(PROJECT_ROOT, result.data.PATHS_DIR),
  }
}
