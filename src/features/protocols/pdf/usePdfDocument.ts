import type { PDFDocumentProxy } from 'pdfjs-dist'
import { useEffect, useState } from 'react'
import { loadPdf } from './pdf'

type PdfState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; doc: PDFDocumentProxy; firstPage: { width: number; height: number } }

/**
 * The open document of `url`, destroyed (its worker-side memory freed) when the URL changes or the
 * viewer goes away. Not a query: a document is a live object, not data to cache or persist.
 */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<{ url: string; value: PdfState } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    let opened: PDFDocumentProxy | undefined
    loadPdf(url, controller.signal)
      .then(async (doc) => {
        opened = doc
        if (controller.signal.aborted) return void doc.loadingTask.destroy()
        const viewport = (await doc.getPage(1)).getViewport({ scale: 1 })
        if (controller.signal.aborted) return
        const firstPage = { width: viewport.width, height: viewport.height }
        setState({ url, value: { status: 'ready', doc, firstPage } })
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, value: { status: 'error' } })
      })
    return () => {
      controller.abort()
      void opened?.loadingTask.destroy()
    }
  }, [url])

  return state?.url === url ? state.value : { status: 'loading' }
}
