import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createContentKey } from './content-key'
import { ContentKeyStore, MEDIA_KEY_SECRET_FILE, mediaKeySecret } from './key-store'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'key-store-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('mediaKeySecret', () => {
  it('generates one into the data folder once, readable by the server alone, and keeps it', () => {
    const secret = mediaKeySecret({ mediaKeySecret: null, dataDir })
    const file = path.join(dataDir, MEDIA_KEY_SECRET_FILE)
    expect(secret).toMatch(/^[\w-]{43}$/)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(mediaKeySecret({ mediaKeySecret: null, dataDir })).toBe(secret)
  })

  it('takes MEDIA_KEY_SECRET when set, writing nothing', () => {
    const elsewhere = path.join(dataDir, 'configured')
    const given = 'the operator chose this secret, 32+'
    expect(mediaKeySecret({ mediaKeySecret: given, dataDir: elsewhere })).toBe(given)
    expect(fs.existsSync(elsewhere)).toBe(false)
  })
})

describe('ContentKeyStore', () => {
  const store = new ContentKeyStore('a media key secret of 32 chars!!')

  it('keeps the key only wrapped, and unwraps it to the same key', () => {
    const contentKey = createContentKey()
    const wrapped = store.wrap(contentKey)
    expect(wrapped.keyId).toBe(contentKey.keyId.toString('base64url'))
    expect(wrapped.wrappedKey).not.toContain(contentKey.key.toString('base64url'))
    expect(Buffer.from(wrapped.wrappedKey, 'base64url').includes(contentKey.key)).toBe(false)
    const unwrapped = store.unwrap(wrapped)
    expect(unwrapped.key.equals(contentKey.key)).toBe(true)
    expect(unwrapped.keyId.equals(contentKey.keyId)).toBe(true)
  })

  it('refuses to unwrap under another secret, or for another key id', () => {
    const wrapped = store.wrap(createContentKey())
    expect(() =>
      new ContentKeyStore('another secret of at least 32 chars').unwrap(wrapped),
    ).toThrow('MEDIA_KEY_SECRET is not the one it was stored with')
    const other = createContentKey().keyId.toString('base64url')
    expect(() => store.unwrap({ ...wrapped, keyId: other })).toThrow(/does not unwrap/)
  })
})
