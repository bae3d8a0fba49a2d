/**
 * The design's elements on the server: each view's `design/<view>.elements.json`
 * (docs/content-format.md "Design elements"), stored by the catalogue import beside the design images
 * under the challenge's content hash, and read back for the element review (docs/product.md §10).
 */

import { buffer } from 'node:stream/consumers'
import { parsePageElements } from '#server/review/elements-schema.ts'
import type { Storage } from '#server/storage/storage.ts'
import type { PageElements } from '#shared/page-elements.ts'
import type { ReviewBreakpointName } from '#shared/review.ts'

/** A stored file larger than this is not a design's elements (the catalogue's are at most 25 KB). */
export const DESIGN_ELEMENTS_MAX_BYTES = 2 * 1024 * 1024

/**
 * Where the import stores a view's elements: content-addressed like the design images (a changed
 * challenge gets new keys), and not under public/, as only the review reads them.
 */
export const designElementsKey = (contentHash: string, view: ReviewBreakpointName) =>
  `challenges/${contentHash.slice(0, 16)}/${view}.elements.json`

/**
 * A challenge's design elements at one view, checked against the shared shape; null when the challenge
 * has none stored (imported before they were recorded), or what is stored is not a page of elements
 * (the element review then goes without, as it does without the member's).
 */
export async function loadDesignElements(
  storage: Storage,
  challenge: { contentHash: string },
  view: ReviewBreakpointName,
): Promise<PageElements | null> {
  const object = await storage.get(designElementsKey(challenge.contentHash, view))
  if (!object || object.size > DESIGN_ELEMENTS_MAX_BYTES) return null
  try {
    return parsePageElements((await buffer(object.open())).toString('utf8'))
  } catch {
    return null
  }
}
