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

  it('reads TRUST_PROXY as a number of proxies, off by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be false, true, or the number/)
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
