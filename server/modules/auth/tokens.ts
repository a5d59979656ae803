import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, URL-safe: session ids, CSRF tokens, registration and password-reset keys. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Sessions and keys are stored as this hash only, so a copy of the database does not hand out
 * live sessions or usable links. The tokens carry 256 random bits, so no salt or slow hash is needed.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
