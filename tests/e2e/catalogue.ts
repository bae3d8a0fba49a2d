import type { APIRequestContext } from '@playwright/test'
import { challengeListResponse, challengeZipResponse } from '#shared/challenge.ts'
import { publicConfigSchema } from '#shared/public-config.ts'
import { expect } from './fixtures.ts'

/**
 * What the server holds, read through the API the app uses: tests compare the screens with it instead
 * of hard-coding titles, so they follow the catalogue and still fail when a screen is wrong.
 */
export async function listChallenges(request: APIRequestContext, query = '') {
  const response = await request.get(`/api/challenges${query}`)
  expect(response.ok()).toBe(true)
  return challengeListResponse.parse(await response.json()).challenges
}

export async function challengeZip(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/challenges/${id}/zip`)
  expect(response.ok()).toBe(true)
  return challengeZipResponse.parse(await response.json()).zip
}

export async function publicConfig(request: APIRequestContext) {
  const response = await request.get('/api/config')
  expect(response.ok()).toBe(true)
  return publicConfigSchema.parse(await response.json())
}
