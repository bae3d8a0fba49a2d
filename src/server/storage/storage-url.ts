import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where stored files live: a folder on this machine, or an S3-compatible bucket. */
export type StorageConfig = FsStorageConfig | S3StorageConfig

type FsStorageConfig = {
  kind: 'fs'
  /** An absolute folder, or null for `storage/` under DATA_DIR. */
  root: string | null
}

export type S3StorageConfig = {
  kind: 's3'
  bucket: string
  /** Prepended to every key, without slashes at either end; '' for none. */
  prefix: string
  region: string
  /** An S3-compatible server's origin (MinIO, …); unset for AWS itself. */
  endpoint?: string
  /** The origin browsers reach the store at, when it differs from `endpoint`: signed URLs use it. */
  publicEndpoint?: string
  /** `http://endpoint/bucket/key` rather than `http://bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean
  /** From the URL; unset means the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
}

const STORAGE_URL_FORMAT = 's3://bucket[/prefix][?endpoint=http://host:port&region=us-east-1]'

const S3_PARAMETERS = [
  'endpoint',
  'publicEndpoint',
  'region',
  'forcePathStyle',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
] as const

/** S3's bucket naming rules, less the obscure ones: lowercase letters, digits, dots and hyphens. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const PREFIX_PATTERN = /^[A-Za-z0-9._\-/]*$/
const REGION_PATTERN = /^[a-z0-9-]{1,40}$/

/** A STORAGE_URL that cannot be used; the message completes "STORAGE_URL …". */
export class StorageUrlError extends Error {
  override name = 'StorageUrlError'
}

function origin(value: string | null, name: string): string | undefined {
  if (value === null) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new StorageUrlError(`must have an ${name} that is an http(s) address such as http://127.0.0.1:9000`)
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash)
    throw new StorageUrlError(`must have an ${name} that is an http(s) address such as http://127.0.0.1:9000`)
  if (url.pathname !== '/')
    throw new StorageUrlError(`must have an ${name} without a path (the bucket goes in the s3:// address)`)
  return url.origin
}

/**
 * Reads STORAGE_URL: unset or `file://` for the data folder, `file:///absolute/folder`, or
 * `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=…&publicEndpoint=…`, optionally with
 * `accessKeyId` and `secretAccessKey`. Throws StorageUrlError with what is wrong.
 */
export function parseStorageUrl(value: string | undefined): StorageConfig {
  if (value === undefined || value === 'file://' || value === 'file:') return { kind: 'fs', root: null }
  if (value.startsWith('file:')) {
    if (!value.startsWith('file:///'))
      throw new StorageUrlError('must be file:// (the data folder) or file:///an/absolute/folder')
    let root: string
    try {
      root = fileURLToPath(value)
    } catch {
      throw new StorageUrlError('must be file:// (the data folder) or file:///an/absolute/folder')
    }
    if (!isAbsolute(root))
      throw new StorageUrlError('must be file:// (the data folder) or file:///an/absolute/folder')
    return { kind: 'fs', root }
  }
  if (!value.startsWith('s3://'))
    throw new StorageUrlError(`must be file:// (files under DATA_DIR) or ${STORAGE_URL_FORMAT}`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new StorageUrlError(`must be an address such as ${STORAGE_URL_FORMAT}`)
  }
  // The URL parser would resolve "..": refuse it before, in the address as written.
  if (/\/\.\.?(\/|\?|$)/.test(value.slice('s3://'.length).split('?')[0] ?? ''))
    throw new StorageUrlError(
      'must have a prefix (after the bucket) of letters, digits, ".", "_", "-" and "/"',
    )
  const bucket = url.hostname
  if (!BUCKET_PATTERN.test(bucket) || bucket.includes('..') || url.port || url.username || url.password)
    throw new StorageUrlError(
      'must name a bucket of 3 to 63 lowercase letters, digits, dots and hyphens, such as s3://dojo-files',
    )
  let prefix: string
  try {
    prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '')
  } catch {
    prefix = '%'
  }
  if (!PREFIX_PATTERN.test(prefix) || prefix.includes('..') || prefix.includes('//'))
    throw new StorageUrlError(
      'must have a prefix (after the bucket) of letters, digits, ".", "_", "-" and "/"',
    )
  const query = url.searchParams
  for (const name of new Set(query.keys())) {
    if (!(S3_PARAMETERS as readonly string[]).includes(name))
      throw new StorageUrlError(
        `must use only the parameters ${S3_PARAMETERS.join(', ')} (not ${JSON.stringify(name)})`,
      )
    if (query.getAll(name).length > 1) throw new StorageUrlError(`must give ${name} once`)
  }
  const endpoint = origin(query.get('endpoint'), 'endpoint')
  const publicEndpoint = origin(query.get('publicEndpoint'), 'publicEndpoint')
  const region = query.get('region') ?? 'us-east-1'
  if (!REGION_PATTERN.test(region)) throw new StorageUrlError('must have a region such as us-east-1')
  const pathStyle = query.get('forcePathStyle')
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false')
    throw new StorageUrlError('must have forcePathStyle=true or forcePathStyle=false')
  const accessKeyId = query.get('accessKeyId')
  const secretAccessKey = query.get('secretAccessKey')
  const sessionToken = query.get('sessionToken')
  if (!accessKeyId !== !secretAccessKey || (sessionToken && !accessKeyId))
    throw new StorageUrlError('must give accessKeyId and secretAccessKey together (or neither)')
  return {
    kind: 's3',
    bucket,
    prefix,
    region,
    ...(endpoint ? { endpoint } : {}),
    ...(publicEndpoint ? { publicEndpoint } : {}),
    // Self-hosted stores rarely have a DNS name per bucket; AWS prefers virtual-hosted addresses.
    forcePathStyle: pathStyle === null ? Boolean(endpoint) : pathStyle === 'true',
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
  }
}

/** STORAGE_URL for messages and logs: credentials in it are replaced by `***`. */
export function redactStorageUrl(value: string): string {
  return value.replace(/([?&](?:secretAccessKey|sessionToken)=)[^&#]*/g, '$1***')
}

/**
 * The origin of the signed URLs the driver hands out, which browsers are redirected to: the public
 * endpoint (or the endpoint) with the bucket in the path or as a subdomain, or AWS's regional host.
 * The page's Content-Security-Policy must allow it for images and the app's download request.
 */
export function signedUrlOrigin(config: S3StorageConfig): string {
  const base = config.publicEndpoint ?? config.endpoint
  if (base) {
    if (config.forcePathStyle) return base
    const url = new URL(base)
    return `${url.protocol}//${config.bucket}.${url.host}`
  }
  // The SDK addresses a bucket with dots by path over HTTPS (a dotted subdomain would not match
  // AWS's certificate).
  if (config.forcePathStyle || config.bucket.includes('.')) return `https://s3.${config.region}.amazonaws.com`
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`
}
