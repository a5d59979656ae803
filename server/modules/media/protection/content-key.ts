import { randomBytes } from 'node:crypto'

/** A Common Encryption content key: the 16-byte AES-128 key and the 16-byte id it goes by. */
export type ContentKey = { keyId: Buffer; key: Buffer }

const CONTENT_KEY_BYTES = 16

export function createContentKey(): ContentKey {
  return { keyId: randomBytes(CONTENT_KEY_BYTES), key: randomBytes(CONTENT_KEY_BYTES) }
}

/** A key id in the UUID form DASH manifests use (`cenc:default_KID`). */
export function keyIdAsUuid(keyId: Buffer): string {
  const hex = keyId.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
