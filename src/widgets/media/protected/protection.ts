/**
 * What the client knows of protected (clear-key encrypted) audio, spec section 7: the media URL
 * answers the encrypted file with this header, and the same URL with ?manifest=true its DASH
 * manifest, which names the key id the licence call answers the key for.
 */

export const PROTECTION_HEADER = 'X-Media-Protection'
export const CLEAR_KEY_PROTECTION = 'clearkey'
export const DASH_MANIFEST_TYPE = 'application/dash+xml'
const CENC_NAMESPACE = 'urn:mpeg:cenc:2013'

export function isProtectedMedia(response: Response): boolean {
  return response.headers.get(PROTECTION_HEADER)?.toLowerCase() === CLEAR_KEY_PROTECTION
}

export function manifestUrlOf(mediaUrl: string): string {
  return `${mediaUrl}${mediaUrl.includes('?') ? '&' : '?'}manifest=true`
}

/** The key ids (hex, lower case) the manifest's content protection names. */
export function keyIdsOfManifest(manifest: string): string[] {
  const document = new DOMParser().parseFromString(manifest, 'application/xml')
  const keyIds = [...document.getElementsByTagName('ContentProtection')]
    .map((element) => element.getAttributeNS(CENC_NAMESPACE, 'default_KID'))
    .filter((keyId): keyId is string => keyId !== null)
    .map((keyId) => keyId.replaceAll('-', '').toLowerCase())
  return [...new Set(keyIds)]
}

export function hexToBase64Url(hex: string): string {
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export function base64UrlToHex(base64Url: string): string {
  const binary = atob(base64Url.replaceAll('-', '+').replaceAll('_', '/'))
  return [...binary].map((char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('')
}
