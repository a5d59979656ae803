import { type RefObject, useEffect, useRef } from 'react'
import { playProtectedAudio } from './shaka-audio'

/**
 * Plays the protected audio at `mediaUrl` (null: none) in the element `audio` while the component
 * lives; `onError` hears a failure to load or to decode it.
 */
export function useProtectedSource(
  audio: RefObject<HTMLAudioElement | null>,
  mediaUrl: string | null,
  onError: (error: unknown) => void,
): void {
  const latestOnError = useRef(onError)
  latestOnError.current = onError

  useEffect(() => {
    const element = audio.current
    if (!element || !mediaUrl) return
    const controller = new AbortController()
    const report = (error: unknown) => {
      if (controller.signal.aborted) return
      // The player shows only that it failed; the console keeps the player's own reason.
      console.error('Protected audio could not be played', error)
      latestOnError.current(error)
    }
    const stopping = playProtectedAudio(element, mediaUrl, {
      signal: controller.signal,
      onError: report,
    }).catch((error: unknown) => {
      report(error)
      return undefined
    })
    return () => {
      controller.abort()
      void stopping.then((stop) => stop?.())
    }
  }, [audio, mediaUrl])
}
