import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from '#server/env.ts'

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
})
