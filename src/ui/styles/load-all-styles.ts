let loading: Promise<void> | undefined

/**
 * Every Mantine component's styles (all-components.css). The start-up stylesheet (start-up.css)
 * holds only what the signed-out first screens draw, so every other page, and each overlay of
 * those screens that draws more, waits for this. A failed load is tried again next time.
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

/** A module loader that also waits for every component's styles. */
export function withAllStyles<TModule>(load: () => Promise<TModule>): () => Promise<TModule> {
  return () => Promise.all([load(), loadAllStyles()]).then(([module]) => module)
}
