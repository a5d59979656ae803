import { useEffect, useState } from 'react'
import { isProtectedMedia } from './protected/protection'

/** How far outside the viewport a media widget starts loading, so it is ready when scrolled to. */
const LAZY_MARGIN = '200px'

/** The spec's media loading states. */
export type MediaState = 'loading' | 'loaded' | 'error'

/** Starts true once the element is near the viewport (at once where IntersectionObserver lacks). */
function useNearViewport(element: Element | null): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    if (!element || near) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: LAZY_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, near])
  return near
}

type Loaded = { url: string; state: MediaState; src: string | null; protectedUrl: string | null }

/**
 * Fetches a media file once its widget comes near the viewport, as a blob with the session's
 * credentials. Going through fetch (not a plain src) puts the request under the service worker,
 * which answers from the offline media cache, and lets a failure be told apart and shown.
 * Give `ref` to the widget's outer element; `src` is an object URL while the widget lives.
 * Protected (encrypted) audio gives no `src` but `protectedUrl`, the URL for the protected player:
 * its bytes are of no use as they are, yet reading them all lets the service worker keep its copy.
 */
export function useLazyMedia(url: string | null) {
  const [element, setElement] = useState<Element | null>(null)
  const near = useNearViewport(element)
  const [loaded, setLoaded] = useState<Loaded | null>(null)

  useEffect(() => {
    if (!near || !url) return
    const controller = new AbortController()
    let objectUrl: string | null = null
    fetch(url, { credentials: 'include', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        if (isProtectedMedia(response)) {
          await response.arrayBuffer()
          if (!controller.signal.aborted)
            setLoaded({ url, state: 'loaded', src: null, protectedUrl: url })
          return
        }
        const blob = await response.blob()
        if (controller.signal.aborted) return
        objectUrl = URL.createObjectURL(blob)
        setLoaded({ url, state: 'loaded', src: objectUrl, protectedUrl: null })
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setLoaded({ url, state: 'error', src: null, protectedUrl: null })
      })
    return () => {
      controller.abort()
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [near, url])

  // Without a URL there is nothing that could load; a result for an older URL does not count.
  const current = url && loaded?.url === url ? loaded : null
  return {
    ref: setElement,
    state: (url === null ? 'error' : (current?.state ?? 'loading')) as MediaState,
    src: current?.src ?? null,
    protectedUrl: current?.protectedUrl ?? null,
  }
}
