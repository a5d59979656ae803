import * as v from 'valibot'
import { api } from '../../../api/client'
import { findMediaKeys, type MediaKey } from '../../../offline/media-keys'
import { base64UrlToHex, hexToBase64Url } from './protection'

export const LICENCE_PATH = 'media/encaudio/license/'

const LicenceSchema = v.object({
  keys: v.array(v.object({ kty: v.literal('oct'), kid: v.string(), k: v.string() })),
  type: v.literal('temporary'),
})

/**
 * The keys of `keyIds` (hex) from the licence call: only for a signed-in user who may hear the
 * item now (403 otherwise, left to the caller: a player shows its failure, no global handler).
 */
export async function requestMediaKeys(keyIds: string[]): Promise<MediaKey[]> {
  const licence = await api(LICENCE_PATH, {
    method: 'POST',
    body: { kids: keyIds.map(hexToBase64Url), type: 'temporary' },
    schema: LicenceSchema,
    handledStatuses: [400, 403, 404],
  })
  return licence.keys.map(({ kid, k }) => ({ keyId: base64UrlToHex(kid), key: base64UrlToHex(k) }))
}

/**
 * The player's clear-key configuration for `keyIds`: from the device's key store when it holds
 * them (an item set kept for offline work), else from the licence call.
 */
export async function clearKeysFor(keyIds: string[]): Promise<Record<string, string>> {
  // Unreadable offline storage (a private window) holds nothing: the licence call still answers.
  const stored = await findMediaKeys(keyIds).catch(() => null)
  if (stored) return stored
  const keys = await requestMediaKeys(keyIds)
  return Object.fromEntries(keys.map(({ keyId, key }) => [keyId, key]))
}
