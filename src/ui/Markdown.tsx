import { useLingui } from '@lingui/react/macro'
import { Center, Loader } from '@mantine/core'
import { lazy, Suspense } from 'react'

type Renderer = typeof import('./MarkdownRenderer').MarkdownRenderer

/** Set once the renderer's chunk has loaded; texts shown after that need no Suspense. */
let loadedRenderer: Renderer | undefined

function loadRenderer() {
  return import('./MarkdownRenderer').then(({ MarkdownRenderer }) => {
    loadedRenderer = MarkdownRenderer
    return { default: MarkdownRenderer }
  })
}

const LazyRenderer = lazy(loadRenderer)

/**
 * Starts loading the Markdown renderer before a text needs it (alongside the text's own fetch).
 * react-markdown is a chunk of its own, kept out of the main bundle.
 */
export function preloadMarkdown(): Promise<unknown> {
  return loadRenderer()
}

/** A Markdown text (protocols, policies); a small spinner stands in until the renderer loads. */
export function Markdown({ children }: { children: string }) {
  const { t } = useLingui()
  if (loadedRenderer) {
    const Renderer = loadedRenderer
    return <Renderer>{children}</Renderer>
  }
  return (
    <Suspense
      fallback={
        <Center py="md" role="status" aria-label={t`Loading the text…`}>
          <Loader size="sm" />
        </Center>
      }
    >
      <LazyRenderer>{children}</LazyRenderer>
    </Suspense>
  )
}
