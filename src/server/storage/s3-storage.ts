import { PassThrough, pipeline, Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { getMimeType } from 'hono/utils/mime'
import { attachmentDisposition } from '#server/http/content-disposition.ts'
import { isValidKey, type Storage, StorageUnavailableError } from '#server/storage/storage.ts'
import type { S3StorageConfig } from '#server/storage/storage-url.ts'

/**
 * Every call to the store has a deadline, so a store that stops answering fails requests instead of
 * holding them (and their sockets) forever.
 */
const S3_TIMEOUTS = {
  /** To open a connection. */
  connectMs: 5000,
  /** A HEAD, a DELETE, or a GET until its headers arrive, retries included. */
  callMs: 15_000,
  /** An upload (zips of a few megabytes), retries included. */
  putMs: 120_000,
  /** A connection with no bytes moving either way; a download can take longer than any deadline. */
  idleMs: 30_000,
}

export type S3Timeouts = typeof S3_TIMEOUTS

export type S3Storage = Storage & {
  signedUrl: NonNullable<Storage['signedUrl']>
  close(): void
  /** Throws a sentence for the operator unless the bucket answers with these credentials. */
  checkBucket(): Promise<void>
}

/** A failed call to the store, named, with what it was about and the store's HTTP status if any. */
export class S3StorageError extends StorageUnavailableError {
  override name = 'S3StorageError'
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3StorageError) return error.status
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

/** Why a call failed, for people: the store's status in words, or the network's error. */
function reasonOf(error: unknown, subject: 'bucket' | 'object' = 'object'): string {
  const status = statusOf(error)
  if (status === 404) return subject === 'bucket' ? 'the bucket does not exist' : 'there is no such key'
  if (status === 403) return 'access is denied (wrong credentials, or they may not use this bucket)'
  if (status === 301) return 'the bucket is in another region (set region= in STORAGE_URL)'
  const message = error instanceof Error ? error.message : String(error)
  // Some errors of the SDK carry only a status and the name "UnknownError".
  return status && (!message || message === 'UnknownError') ? `the store answered ${status}` : message
}

/**
 * Storage in an S3 bucket (AWS, or a compatible server such as MinIO given by `endpoint`), with the
 * official AWS SDK. `get` is a HEAD and `open` starts the GET, so a HEAD request or an early return
 * never holds a connection open; a stream destroyed before its end aborts its GET.
 */
export function createS3Storage(config: S3StorageConfig, options: { timeouts?: Partial<S3Timeouts> } = {}) {
  const timeouts = { ...S3_TIMEOUTS, ...options.timeouts }
  const { bucket } = config
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Newer SDKs add CRC checksums to every upload and check them on downloads; S3-compatible
    // servers do not all know them, and TLS and S3's own MD5 checks already cover the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
    maxAttempts: 3,
  }
  const client = new S3Client({ ...clientConfig, ...(config.endpoint ? { endpoint: config.endpoint } : {}) })
  // Signing needs no request: a second client only so that signed URLs name the address browsers reach.
  const signer =
    config.publicEndpoint && config.publicEndpoint !== config.endpoint
      ? new S3Client({ ...clientConfig, endpoint: config.publicEndpoint })
      : client
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key)
  const where = `"${bucket}"${config.endpoint ? ` at ${config.endpoint}` : ''}`

  /**
   * Runs one call under a deadline; a call past it is aborted. Either way a failure becomes an
   * S3StorageError with a sentence (and the store's status, so a 404 can still mean "none").
   */
  async function withDeadline<T>(what: string, ms: number, run: (signal: AbortSignal) => Promise<T>) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), ms)
    try {
      return await run(controller.signal)
    } catch (error) {
      if (controller.signal.aborted)
        throw new S3StorageError(`${what} in the bucket ${where} took longer than ${ms} ms.`)
      throw new S3StorageError(
        `${what} in the bucket ${where} failed: ${reasonOf(error)}.`,
        statusOf(error),
        {
          cause: error,
        },
      )
    } finally {
      clearTimeout(timer)
    }
  }

  /** The object's size, or null when there is none under that key. */
  async function head(key: string): Promise<{ size: number } | null> {
    try {
      const answer = await withDeadline(`HEAD ${key}`, timeouts.callMs, (abortSignal) =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal }),
      )
      return { size: answer.ContentLength ?? 0 }
    } catch (error) {
      if (statusOf(error) === 404) return null
      throw error
    }
  }

  /** The object's bytes as a stream that exists at once; the GET starts now and errors reach the stream. */
  function open(key: string): Readable {
    const controller = new AbortController()
    // Until the headers arrive; after that the idle timeout watches the body.
    const timer = setTimeout(() => controller.abort(), timeouts.callMs)
    const out = new PassThrough()
    out.once('close', () => {
      clearTimeout(timer)
      controller.abort()
    })
    client
      .send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal: controller.signal })
      .then(
        (answer) => {
          clearTimeout(timer)
          const body = answer.Body
          if (!(body instanceof Readable)) {
            out.destroy(
              new S3StorageError(`GET ${key} in the bucket ${where} answered without a body stream.`),
            )
            return
          }
          // Destroying `out` early destroys the body (and its socket); a body error reaches `out`.
          pipeline(body, out, () => {})
        },
        (error: unknown) => {
          if (out.destroyed) return
          out.destroy(
            controller.signal.aborted
              ? new S3StorageError(
                  `GET ${key} in the bucket ${where} took longer than ${timeouts.callMs} ms.`,
                )
              : error instanceof Error
                ? error
                : new S3StorageError(String(error)),
          )
        },
      )
    return out
  }

  const storage: S3Storage = {
    async put(key, data) {
      assertKey(key)
      await withDeadline(`PUT ${key}`, timeouts.putMs, (abortSignal) =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: data,
            ContentLength: data.byteLength,
            ContentType: getMimeType(key) ?? 'application/octet-stream',
          }),
          { abortSignal },
        ),
      )
    },
    async get(key) {
      if (!isValidKey(key)) return null
      const found = await head(key)
      if (!found) return null
      return { size: found.size, open: () => open(key) }
    },
    async exists(key) {
      if (!isValidKey(key)) return false
      return (await head(key)) !== null
    },
    async delete(key) {
      assertKey(key)
      // S3 answers a DELETE of a missing key with success, like `rm -f`.
      await withDeadline(`DELETE ${key}`, timeouts.callMs, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }), { abortSignal }),
      )
    },
    async signedUrl(key, { expiresIn, filename }) {
      assertKey(key)
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        ...(filename ? { ResponseContentDisposition: attachmentDisposition(filename) } : {}),
      })
      return getSignedUrl(signer, command, { expiresIn })
    },
    async checkBucket() {
      try {
        await withDeadline('HEAD (the bucket itself)', timeouts.callMs, (abortSignal) =>
          client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal }),
        )
      } catch (error) {
        // The reason itself, without withDeadline's "HEAD … failed:" around it.
        const reason =
          error instanceof S3StorageError && error.cause
            ? reasonOf(error.cause, 'bucket')
            : reasonOf(error, 'bucket')
        throw new S3StorageError(
          `The storage bucket ${where} cannot be used: ${reason.replace(/\.$/, '')}. Check STORAGE_URL and the S3 credentials (accessKeyId and secretAccessKey in STORAGE_URL, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).`,
        )
      }
    },
    close() {
      client.destroy()
      if (signer !== client) signer.destroy()
    },
  }
  return storage
}
