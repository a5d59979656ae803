import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useRef, useState } from 'react'
import { pageTexts } from './pdf'

export type PdfSearch = {
  /** The phrase last searched for ('' before any search). */
  query: string
  /** Pages (1-based) holding the phrase, in order. */
  pages: number[]
  /** Index into `pages` of the match shown, or -1. */
  current: number
  searching: boolean
  /** Searches `phrase`, or moves to the next (or previous) page holding it. */
  find: (phrase: string, direction?: 1 | -1) => Promise<number | null>
}

/**
 * Finds the pages of a document holding a phrase (any case, runs of blanks as one). The pages'
 * text is read once, on the first search.
 */
export function usePdfSearch(doc: PDFDocumentProxy): PdfSearch {
  const texts = useRef<Promise<string[]> | null>(null)
  const [state, setState] = useState({ query: '', pages: [] as number[], current: -1 })
  const [searching, setSearching] = useState(false)

  const find = async (phrase: string, direction: 1 | -1 = 1): Promise<number | null> => {
    const query = phrase.trim().replace(/\s+/g, ' ')
    if (query === '') {
      setState({ query: '', pages: [], current: -1 })
      return null
    }
    if (query === state.query && state.pages.length > 0) {
      const current = (state.current + direction + state.pages.length) % state.pages.length
      setState({ ...state, current })
      return state.pages[current] ?? null
    }
    setSearching(true)
    try {
      texts.current ??= pageTexts(doc)
      const needle = query.toLowerCase()
      const pages = (await texts.current).flatMap((text, index) =>
        text.includes(needle) ? [index + 1] : [],
      )
      const current = pages.length > 0 ? (direction === 1 ? 0 : pages.length - 1) : -1
      setState({ query, pages, current })
      return pages[current] ?? null
    } finally {
      setSearching(false)
    }
  }

  return { ...state, searching, find }
}
