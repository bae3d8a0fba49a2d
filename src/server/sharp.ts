import type sharpModule from 'sharp'

type Sharp = typeof sharpModule

let loading: Promise<Sharp> | undefined

/**
 * sharp, loaded with the first image it handles. libvips costs about 30 MB of memory once loaded, and a
 * server that only answers requests (no import, no review) never needs it.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default)
  return loading
}
