import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CONNECTION_TEXTS, LoadError } from '#web/components/network-error.tsx'
import { ApiError } from '#web/lib/api-client.ts'

const shown = (error: unknown) =>
  renderToStaticMarkup(createElement(LoadError, { error, onRetry: () => {}, headingLevel: 2 }))

describe('what a page that could not load says (docs/product.md §2 Every page)', () => {
  it('blames the server for a 5xx', () => {
    expect(shown(new ApiError(503, 'unavailable', 'The database did not answer.'))).toContain(
      CONNECTION_TEXTS.serverMessage,
    )
  })

  it('never blames the server for a 4xx: it gives the API’s own message', () => {
    const html = shown(new ApiError(429, 'rate_limited', 'Too many requests. Try again in a minute.'))
    expect(html).not.toContain(CONNECTION_TEXTS.serverMessage)
    expect(html).toContain('This page could not be shown. Too many requests. Try again in a minute.')
  })
})
