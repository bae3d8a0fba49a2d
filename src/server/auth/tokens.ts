import { hash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Hex SHA-256; the one-shot hash, which every signed-in request pays for its session's id, costs a third of a Hash object. */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex')
}
