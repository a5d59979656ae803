import { clearKeysFor } from './licence'
import { DASH_MANIFEST_TYPE, keyIdsOfManifest, manifestUrlOf } from './protection'

let polyfilled = false

/**
 * Shaka Player, fetched the first time protected audio plays (it is large). The full build: the
 * DASH-only one lacks the data: URIs the player hands clear keys through.
 */
async function loadShaka() {
  const { default: shaka } = await import('shaka-player/dist/shaka-player.compiled.js')
  if (!polyfilled) {
    shaka.polyfill.installAll()
    polyfilled = true
  }
  return shaka
}

async function fetchManifest(manifestUrl: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(manifestUrl, { credentials: 'same-origin', signal })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  return response.text()
}

/**
 * Plays the protected audio at `mediaUrl` in `element` through Shaka Player (MSE and the clear-key
 * system of EME): its manifest names the key ids, the keys come from the device's key store or
 * the licence call, and the player reads the encrypted file with Range requests (the service
 * worker answers them from its copy offline). The element then behaves as with a plain file.
 * Answers what stops the player; `onError` hears critical failures after loading (decoding).
 */
export async function playProtectedAudio(
  element: HTMLMediaElement,
  mediaUrl: string,
  { signal, onError }: { signal: AbortSignal; onError: (error: unknown) => void },
): Promise<() => void> {
  const manifestUrl = manifestUrlOf(mediaUrl)
  const [clearKeys, shaka] = await Promise.all([
    fetchManifest(manifestUrl, signal).then((manifest) => clearKeysFor(keyIdsOfManifest(manifest))),
    loadShaka(),
  ])
  signal.throwIfAborted()
  const player = new shaka.Player()
  const stop = () => void player.destroy()
  try {
    // Recoverable errors (a segment fetched again) are the player's own business.
    player.addEventListener('error', (event: Event & { detail?: { severity?: number } }) => {
      if (event.detail?.severity === shaka.util.Error.Severity.CRITICAL) onError(event.detail)
    })
    await player.attach(element)
    player.configure({ drm: { clearKeys } })
    await player.load(manifestUrl, null, DASH_MANIFEST_TYPE)
    signal.throwIfAborted()
  } catch (error) {
    stop()
    throw error
  }
  return stop
}
