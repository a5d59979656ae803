let loading: Promise<void> | undefined

/**
 * Every Mantine component's styles (all-components.css). The start-up stylesheet (start-up.css)
 * holds only what the signed-out screens, the signed-in frame and the annotator's screens draw,
 * so every other page waits for this (src/ui/deferred/beyond-first-screen.ts). A failed load is
 * tried again next time.
 */
export function loadAllStyles(): Promise<void> {
  if (!loading) {
    loading = import('./all-components.css').then(() => undefined)
    loading.catch(() => {
      loading = undefined
    })
  }
  return loading
}
