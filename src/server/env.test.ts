import { describe, expect, it } from 'vitest'
import { EnvError, isLoopbackHost, parseEnv, startupWarnings } from '#server/env.ts'

describe('configuration', () => {
  it('has a default for everything', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      BRAND_NAME: 'Frontend Dojo',
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.dataDir).toMatch(/\.data$/)
  })

  it('reads the variables it is given', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SUPPORT_EMAIL: 'help@example.org',
    })
    expect(env.PORT).toBe(8080)
    expect(env.DATABASE_URL).toBe('postgres://u@h:5432/db')
    expect(env.SUPPORT_EMAIL).toBe('help@example.org')
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ PORT: '70000' }, /PORT must be a port number from 0 to 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ connection URL/],
    // A password in a bad URL is not repeated in the message.
    [
      { DATABASE_URL: 'mysql://dojo:s3cret-pw@db:3306/dojo' },
      /\(got "mysql:\/\/dojo:\*\*\*@db:3306\/dojo"\)/,
    ],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, test or production/],
    [{ SUPPORT_EMAIL: 'nobody' }, /SUPPORT_EMAIL must be an e-mail address/],
  ])('stops on a wrong value with a sentence naming it: %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('treats an empty value as unset', () => {
    expect(parseEnv({ PORT: '' }).PORT).toBe(3000)
  })

  it('uses the built-in GitHub emulator without GitHub credentials outside production', () => {
    const env = parseEnv({})
    expect(env.github).toMatchObject({ mode: 'emulator', url: 'http://localhost:3000/github-emulator' })
    expect(env.secureCookies).toBe(false)
  })

  it('uses GitHub (or GitHub Enterprise Server) at the configured addresses with credentials', () => {
    const env = parseEnv({
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      GITHUB_URL: 'https://ghe.example.com/',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
    })
    expect(env.github).toEqual({
      mode: 'github',
      clientId: 'id',
      clientSecret: 'secret',
      url: 'https://ghe.example.com',
      apiUrl: 'https://ghe.example.com/api/v3',
    })
  })

  it('refuses to start in production without GitHub credentials, saying what to set', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://dojo.example.org' })).toThrow(
      /GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set in production/,
    )
    expect(() =>
      parseEnv({ NODE_ENV: 'production', GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b' }),
    ).toThrow(/PUBLIC_URL must be set in production/)
    const env = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://dojo.example.org',
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
    })
    expect(env.secureCookies).toBe(true)
    expect(env.publicOrigin).toBe('https://dojo.example.org')
  })

  it.each([
    [{ HOST: '0.0.0.0' }, 'HOST is "0.0.0.0"'],
    [{ HOST: '192.168.1.20' }, 'HOST is "192.168.1.20"'],
    [{ PUBLIC_URL: 'https://dojo.example.org' }, 'PUBLIC_URL is "https://dojo.example.org"'],
  ])('refuses to run the GitHub emulator where others can reach it: %j', (source, named) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(named)
    expect(() => parseEnv(source)).toThrow(
      /GitHub emulator \(on because GITHUB_CLIENT_ID is not set\).*Set HOST \(and PUBLIC_URL\) to 127\.0\.0\.1, localhost or ::1, or set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET/,
    )
    expect(parseEnv({ ...source, GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }).github.mode).toBe(
      'github',
    )
  })

  it('runs the emulator on any loopback address', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect(parseEnv({ HOST }).github.mode).toBe('emulator')
    }
    expect(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }).github.mode).toBe('emulator')
  })

  it.each([
    ['localhost', true],
    ['app.localhost', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['127.0.0.1.example.com', false],
    ['localhost.example.com', false],
    ['1270.0.0.1', false],
  ])('knows whether %s is a loopback host (%s)', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback)
  })

  it('warns at every start while the emulator is on, and not with GitHub', () => {
    expect(startupWarnings(parseEnv({}))).toEqual([
      expect.stringMatching(/built-in GitHub emulator is on because GITHUB_CLIENT_ID is not set/),
    ])
    expect(startupWarnings(parseEnv({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }))).toEqual([])
  })

  it('reads the admins as GitHub logins in lower case, none by default', () => {
    expect(parseEnv({}).ADMIN_GITHUB_LOGINS).toEqual([])
    expect(parseEnv({ ADMIN_GITHUB_LOGINS: ' Ada, grace-h  linus,' }).ADMIN_GITHUB_LOGINS).toEqual([
      'ada',
      'grace-h',
      'linus',
    ])
    expect(() => parseEnv({ ADMIN_GITHUB_LOGINS: 'ada;drop' })).toThrow(
      /ADMIN_GITHUB_LOGINS must be GitHub logins, separated by commas/,
    )
  })

  it('reads TRUST_PROXY as a number of proxies, off by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be false, true, or the number/)
  })

  it('keeps rate limits in memory on PGlite and in the database on PostgreSQL, unless told', () => {
    expect(parseEnv({}).rateLimitStore).toEqual({ kind: 'memory' })
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).rateLimitStore).toEqual({ kind: 'database' })
    expect(
      parseEnv({ DATABASE_URL: 'postgres://u@h/db', RATE_LIMIT_STORE: 'memory' }).rateLimitStore,
    ).toEqual({
      kind: 'memory',
    })
    expect(parseEnv({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toEqual({ kind: 'database' })
    expect(parseEnv({ RATE_LIMIT_STORE: 'rediss://:secret@cache:6380/2' }).rateLimitStore).toEqual({
      kind: 'redis',
      url: 'rediss://:secret@cache:6380/2',
    })
    for (const wrong of ['redis', 'mysql://h', 'Database', 'redis://'])
      expect(() => parseEnv({ RATE_LIMIT_STORE: wrong })).toThrow(/RATE_LIMIT_STORE must be/)
  })
})

describe('review settings', () => {
  it('runs one review worker by default and opens no loopback site', () => {
    const env = parseEnv({})
    expect(env.REVIEW_WORKERS).toBe(1)
    expect(env.REVIEW_ALLOW_LOOPBACK).toBe(false)
  })

  it('runs four link re-checks at a time by default, and none with LINK_CHECK_WORKERS=0', () => {
    expect(parseEnv({}).LINK_CHECK_WORKERS).toBe(4)
    expect(parseEnv({ LINK_CHECK_WORKERS: '0' }).LINK_CHECK_WORKERS).toBe(0)
    expect(parseEnv({ LINK_CHECK_WORKERS: '8' }).LINK_CHECK_WORKERS).toBe(8)
  })

  it('runs axe and Lighthouse in every review unless REVIEW_AXE or REVIEW_LIGHTHOUSE is off', () => {
    expect(parseEnv({})).toMatchObject({ REVIEW_AXE: true, REVIEW_LIGHTHOUSE: true })
    expect(parseEnv({ REVIEW_AXE: 'off' })).toMatchObject({ REVIEW_AXE: false, REVIEW_LIGHTHOUSE: true })
    expect(parseEnv({ REVIEW_LIGHTHOUSE: 'off' })).toMatchObject({
      REVIEW_AXE: true,
      REVIEW_LIGHTHOUSE: false,
    })
    expect(parseEnv({ REVIEW_AXE: 'on', REVIEW_LIGHTHOUSE: 'on' })).toMatchObject({
      REVIEW_AXE: true,
      REVIEW_LIGHTHOUSE: true,
    })
  })

  it('reads REVIEW_WORKERS, where 0 queues reviews that this process does not run', () => {
    expect(parseEnv({ REVIEW_WORKERS: '0' }).REVIEW_WORKERS).toBe(0)
    expect(parseEnv({ REVIEW_WORKERS: '3' }).REVIEW_WORKERS).toBe(3)
  })

  it.each([
    [{ REVIEW_WORKERS: '-1' }, /REVIEW_WORKERS must be 0 \(reviews are queued but not run here\) or more/],
    [{ REVIEW_WORKERS: '1.5' }, /REVIEW_WORKERS must be a whole number/],
    [{ REVIEW_WORKERS: 'many' }, /REVIEW_WORKERS must be a number/],
    [
      { LINK_CHECK_WORKERS: '-1' },
      /LINK_CHECK_WORKERS must be 0 \(no weekly link checks in this process\) or more/,
    ],
    [{ LINK_CHECK_WORKERS: '17' }, /LINK_CHECK_WORKERS must be at most 16/],
    [{ LINK_CHECK_WORKERS: 'all' }, /LINK_CHECK_WORKERS must be a number/],
    [
      { REVIEW_ALLOW_LOOPBACK: 'yes' },
      /REVIEW_ALLOW_LOOPBACK must be false, true, or a comma-separated list/,
    ],
    [{ REVIEW_ALLOW_LOOPBACK: '80,99999' }, /REVIEW_ALLOW_LOOPBACK must list ports from 1 to 65535/],
    [{ REVIEW_AXE: 'false' }, /REVIEW_AXE must be on or off/],
    [{ REVIEW_LIGHTHOUSE: 'no' }, /REVIEW_LIGHTHOUSE must be on or off/],
  ])('stops on a wrong review setting: %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('reads REVIEW_ALLOW_LOOPBACK as all loopback ports or a list of them', () => {
    expect(parseEnv({ REVIEW_ALLOW_LOOPBACK: 'true' }).REVIEW_ALLOW_LOOPBACK).toBe(true)
    expect(parseEnv({ REVIEW_ALLOW_LOOPBACK: 'false' }).REVIEW_ALLOW_LOOPBACK).toBe(false)
    expect(parseEnv({ REVIEW_ALLOW_LOOPBACK: '4173,4174' }).REVIEW_ALLOW_LOOPBACK).toEqual({
      ports: [4173, 4174],
    })
  })

  it('refuses REVIEW_ALLOW_LOOPBACK in production, saying to remove it', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://dojo.example.org',
      GITHUB_CLIENT_ID: 'a',
      GITHUB_CLIENT_SECRET: 'b',
    }
    for (const value of ['true', '4173']) {
      expect(() => parseEnv({ ...production, REVIEW_ALLOW_LOOPBACK: value })).toThrow(
        /REVIEW_ALLOW_LOOPBACK must not be set in production: .*Remove it\./,
      )
    }
    expect(parseEnv({ ...production, REVIEW_ALLOW_LOOPBACK: 'false' }).REVIEW_ALLOW_LOOPBACK).toBe(false)
  })

  it('warns at every start while reviews may open loopback sites', () => {
    const env = parseEnv({
      REVIEW_ALLOW_LOOPBACK: 'true',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
    })
    expect(startupWarnings(env)).toEqual([expect.stringMatching(/^REVIEW_ALLOW_LOOPBACK is on: /)])
  })
})

describe('storage settings', () => {
  it('keeps stored files in the data folder by default, and sends them itself', () => {
    const env = parseEnv({})
    expect(env.storage).toEqual({ kind: 'fs', root: null })
    expect(env.STORAGE_REDIRECT).toBe(false)
  })

  it('reads an S3 bucket from STORAGE_URL, and STORAGE_REDIRECT with it', () => {
    const env = parseEnv({
      STORAGE_URL: 's3://dojo-files/prod?endpoint=http://minio:9000&region=eu-west-1',
      STORAGE_REDIRECT: '1',
    })
    expect(env.storage).toMatchObject({
      kind: 's3',
      bucket: 'dojo-files',
      prefix: 'prod',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    })
    expect(env.STORAGE_REDIRECT).toBe(true)
    expect(parseEnv({ STORAGE_URL: 's3://dojo-files', STORAGE_REDIRECT: 'false' }).STORAGE_REDIRECT).toBe(
      false,
    )
  })

  it.each([
    [{ STORAGE_URL: 'minio://x' }, /STORAGE_URL must be file:\/\/ \(files under DATA_DIR\) or s3:\/\/bucket/],
    [
      { STORAGE_URL: 's3://dojo?endpont=http://x' },
      /STORAGE_URL must use only the parameters .*\(not "endpont"\)/,
    ],
    [
      { STORAGE_URL: 's3://dojo?endpoint=minio:9000' },
      /STORAGE_URL must have an endpoint that is an http\(s\)/,
    ],
    [{ STORAGE_REDIRECT: 'yes' }, /STORAGE_REDIRECT must be 1 \(files are sent by a redirect .*\) or 0/],
  ])('stops on a wrong storage setting with a sentence naming it: %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError)
    expect(() => parseEnv(source)).toThrow(message)
  })

  it('never repeats the secret key of a wrong STORAGE_URL', () => {
    const source = { STORAGE_URL: 's3://dojo?accessKeyId=AK&secretAccessKey=hunter2&region=Bad Region' }
    expect(() => parseEnv(source)).toThrow(
      /STORAGE_URL must have a region such as us-east-1 \(got ".*secretAccessKey=\*\*\*/,
    )
    expect(() => parseEnv(source)).not.toThrow(/hunter2/)
  })

  it('takes the S3 keys from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, unless STORAGE_URL holds them', () => {
    const keys = { AWS_ACCESS_KEY_ID: 'env-id', AWS_SECRET_ACCESS_KEY: 'env-secret' }
    expect(parseEnv({ ...keys, STORAGE_URL: 's3://dojo-files' }).storage).toMatchObject({
      credentials: { accessKeyId: 'env-id', secretAccessKey: 'env-secret' },
    })
    expect(
      parseEnv({ ...keys, STORAGE_URL: 's3://dojo-files?accessKeyId=url-id&secretAccessKey=url-secret' })
        .storage,
    ).toMatchObject({ credentials: { accessKeyId: 'url-id', secretAccessKey: 'url-secret' } })
    // Neither: the SDK's other sources (a profile, a role) are left to find them.
    expect(parseEnv({ STORAGE_URL: 's3://dojo-files' }).storage).not.toHaveProperty('credentials')
    expect(() => parseEnv({ AWS_ACCESS_KEY_ID: 'env-id' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together \(or neither\)\./,
    )
  })

  it('refuses STORAGE_REDIRECT without a bucket: files on disk have no address of their own', () => {
    expect(() => parseEnv({ STORAGE_REDIRECT: '1' })).toThrow(
      /STORAGE_REDIRECT=1 needs an s3:\/\/ STORAGE_URL: .*Set STORAGE_URL to the bucket, or remove STORAGE_REDIRECT\./,
    )
    expect(() => parseEnv({ STORAGE_REDIRECT: '1', STORAGE_URL: 'file://' })).toThrow(EnvError)
  })
})
