import { useEffect, useState } from 'react'
import { canPlayProtectedAudio } from './support'

/**
 * Whether this browser plays protected audio, when `needed` (else true): undefined while the
 * browser is asked.
 */
export function useProtectedAudioSupport(needed: boolean): boolean | undefined {
  const [supported, setSupported] = useState<boolean>()
  useEffect(() => {
    if (!needed) return
    let live = true
    void canPlayProtectedAudio().then((answer) => {
      if (live) setSupported(answer)
    })
    return () => {
      live = false
    }
  }, [needed])
  return needed ? supported : true
}
