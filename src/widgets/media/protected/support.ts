/** The format protected audio comes in: AAC in Common-Encryption fragmented MP4. */
export const PROTECTED_AUDIO_TYPE = 'audio/mp4; codecs="mp4a.40.2"'
const CLEAR_KEY_SYSTEM = 'org.w3.clearkey'

let support: Promise<boolean> | undefined

/**
 * Whether this browser can play protected audio: Media Source Extensions for the format, and the
 * clear-key system of Encrypted Media Extensions (Safari and every iOS browser lack it today).
 * Asked once per page.
 */
export function canPlayProtectedAudio(): Promise<boolean> {
  support ??= (async () => {
    if (typeof MediaSource === 'undefined' || !MediaSource.isTypeSupported(PROTECTED_AUDIO_TYPE))
      return false
    if (typeof navigator.requestMediaKeySystemAccess !== 'function') return false
    try {
      await navigator.requestMediaKeySystemAccess(CLEAR_KEY_SYSTEM, [
        {
          initDataTypes: ['cenc', 'keyids'],
          audioCapabilities: [{ contentType: PROTECTED_AUDIO_TYPE }],
        },
      ])
      return true
    } catch {
      return false
    }
  })()
  return support
}
