import * as v from 'valibot'
import { msg } from '#lingui-message'
import { API_BASE } from './constants'
import { english } from './english-message'

/**
 * Protected audio (spec section 7, Media): a task whose type has "Protect audio" on stores its
 * audio only as AAC in a Common Encryption (CENC) fragmented MP4. Its media URLs answer those
 * encrypted bytes with `X-Media-Protection: clearkey`; `?manifest=true` on the same URL answers
 * the DASH MPD describing them (for an EME/MSE player such as Shaka Player), and the key comes
 * from the clear-key licence call.
 */
export const MEDIA_PROTECTION_HEADER = 'x-media-protection'
export const CLEAR_KEY_PROTECTION = 'clearkey'
export const PROTECTED_AUDIO_MANIFEST_TYPE = 'application/dash+xml'
export const MEDIA_LICENSE_PATH = `${API_BASE}/media/encaudio/license/`

/** The media URLs' query: `manifest=true` asks for a protected file's manifest. */
export const MediaQuerySchema = v.object({
  manifest: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], english(msg`must be true or false`)),
      v.transform((value) => value === 'true' || value === '1'),
    ),
    'false',
  ),
})

/** A clear-key key id: 16 bytes, base64url without padding (22 characters). */
const KeyIdSchema = v.pipe(
  v.string(),
  v.regex(/^[\w-]{22}$/, english(msg`must be a 16-byte key id in base64url without padding`)),
)

/** The W3C clear-key licence request (EME, section 9.1.3). */
export const LicenseRequestSchema = v.strictObject({
  kids: v.pipe(
    v.array(KeyIdSchema),
    v.minLength(1, english(msg`must name at least one key id`)),
    v.maxLength(100, english(msg`must name at most 100 key ids`)),
  ),
  type: v.picklist(
    ['temporary'],
    english(msg`must be temporary (persistent licences are not given)`),
  ),
})
export type LicenseRequest = v.InferOutput<typeof LicenseRequestSchema>

/** The clear-key licence: a JSON Web Key set of symmetric keys, base64url. */
export const LicenseSchema = v.object({
  keys: v.array(v.object({ kty: v.literal('oct'), kid: v.string(), k: v.string() })),
  type: v.literal('temporary'),
})
export type License = v.InferOutput<typeof LicenseSchema>
