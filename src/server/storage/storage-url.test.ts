import { describe, expect, it } from 'vitest'
import {
  parseStorageUrl,
  redactStorageUrl,
  StorageUrlError,
  signedUrlOrigin,
} from '#server/storage/storage-url.ts'

describe('STORAGE_URL', () => {
  it('keeps files in the data folder when unset or file://', () => {
    expect(parseStorageUrl(undefined)).toEqual({ kind: 'fs', root: null })
    expect(parseStorageUrl('file://')).toEqual({ kind: 'fs', root: null })
    expect(parseStorageUrl('file:///srv/dojo/files')).toEqual({ kind: 'fs', root: '/srv/dojo/files' })
  })

  it('reads a self-hosted bucket with its endpoint, addressed by path', () => {
    expect(parseStorageUrl('s3://dojo-files/uploads/v1?endpoint=http://minio:9000&region=eu-west-1')).toEqual(
      {
        kind: 's3',
        bucket: 'dojo-files',
        prefix: 'uploads/v1',
        region: 'eu-west-1',
        endpoint: 'http://minio:9000',
        forcePathStyle: true,
      },
    )
  })

  it('reads an AWS bucket: us-east-1 and virtual-hosted addresses unless told otherwise', () => {
    expect(parseStorageUrl('s3://dojo-files')).toEqual({
      kind: 's3',
      bucket: 'dojo-files',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    })
    expect(parseStorageUrl('s3://dojo-files?forcePathStyle=true')).toMatchObject({ forcePathStyle: true })
    expect(parseStorageUrl('s3://dojo-files?endpoint=http://h:9000&forcePathStyle=false')).toMatchObject({
      forcePathStyle: false,
    })
  })

  it('reads credentials and a public endpoint from the query', () => {
    expect(
      parseStorageUrl(
        's3://b-1?endpoint=http://minio:9000&publicEndpoint=https://files.example.org&accessKeyId=AK&secretAccessKey=S%2Fk',
      ),
    ).toMatchObject({
      publicEndpoint: 'https://files.example.org',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/k' },
    })
  })

  it.each([
    ['http://minio:9000/bucket', /must be file:\/\/ \(files under DATA_DIR\) or s3:\/\/bucket/],
    ['file:relative/folder', /must be file:\/\/ \(the data folder\) or file:\/\/\/an\/absolute\/folder/],
    ['s3://', /must name a bucket of 3 to 63 lowercase letters/],
    ['s3://Dojo_Files', /must name a bucket/],
    ['s3://dojo:9000', /must name a bucket/],
    ['s3://dojo/../up', /must have a prefix/],
    ['s3://dojo/a%ZZ', /must have a prefix/],
    [
      's3://dojo?endpont=http://x',
      /must use only the parameters endpoint, publicEndpoint, .* \(not "endpont"\)/,
    ],
    ['s3://dojo?region=a&region=b', /must give region once/],
    ['s3://dojo?endpoint=minio:9000', /must have an endpoint that is an http\(s\) address/],
    ['s3://dojo?endpoint=ftp://minio', /must have an endpoint that is an http\(s\) address/],
    ['s3://dojo?endpoint=http://minio:9000/path', /must have an endpoint without a path/],
    ['s3://dojo?publicEndpoint=nope', /must have an publicEndpoint that is an http\(s\) address/],
    ['s3://dojo?region=EU%20West', /must have a region such as us-east-1/],
    ['s3://dojo?forcePathStyle=yes', /must have forcePathStyle=true or forcePathStyle=false/],
    ['s3://dojo?accessKeyId=AK', /must give accessKeyId and secretAccessKey together/],
    ['s3://dojo?secretAccessKey=S', /must give accessKeyId and secretAccessKey together/],
  ])('refuses %j with what is wrong', (value, message) => {
    expect(() => parseStorageUrl(value)).toThrow(StorageUrlError)
    expect(() => parseStorageUrl(value)).toThrow(message)
  })

  it('hides secrets when the address is shown', () => {
    expect(
      redactStorageUrl('s3://b?accessKeyId=AK&secretAccessKey=top-secret&sessionToken=tok&region=x'),
    ).toBe('s3://b?accessKeyId=AK&secretAccessKey=***&sessionToken=***&region=x')
    expect(redactStorageUrl('s3://b?secretAccessKey=top-secret')).not.toContain('top-secret')
  })

  it('knows the origin of the signed addresses, for the Content-Security-Policy', () => {
    const origin = (value: string) => {
      const config = parseStorageUrl(value)
      if (config.kind !== 's3') throw new Error('not s3')
      return signedUrlOrigin(config)
    }
    expect(origin('s3://b-1?endpoint=http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000')
    expect(origin('s3://b-1?endpoint=http://minio:9000&publicEndpoint=https://files.example.org')).toBe(
      'https://files.example.org',
    )
    expect(origin('s3://b-1?endpoint=https://store.example.org&forcePathStyle=false')).toBe(
      'https://b-1.store.example.org',
    )
    expect(origin('s3://b-1?region=eu-west-3')).toBe('https://b-1.s3.eu-west-3.amazonaws.com')
    expect(origin('s3://b-1?region=eu-west-3&forcePathStyle=true')).toBe('https://s3.eu-west-3.amazonaws.com')
    expect(origin('s3://files.example.org')).toBe('https://s3.us-east-1.amazonaws.com')
  })
})
