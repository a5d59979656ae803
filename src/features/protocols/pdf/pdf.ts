import type { PageViewport, PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist'
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

/**
 * The pdf.js worker, emitted as an asset of its own: it stays out of the precache (about 1 MB)
 * and the service worker caches it when first fetched. Opening an item set fetches it, so a PDF
 * protocol can be read offline later.
 */
export const PDF_WORKER_URL: string = pdfWorkerUrl

/** pdf.js, loaded only when a PDF is shown. */
async function pdfjs() {
  const lib = await import('pdfjs-dist')
  lib.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL
  return lib
}

/**
 * Opens a PDF. The file is fetched whole rather than by pdf.js's range requests, so the service
 * worker's cached copy of a protocol serves it offline.
 */
export async function loadPdf(url: string, signal: AbortSignal): Promise<PDFDocumentProxy> {
  const response = await fetch(url, { credentials: 'same-origin', signal })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const data = new Uint8Array(await response.arrayBuffer())
  const lib = await pdfjs()
  return lib.getDocument({ data }).promise
}

export type TextRun = { text: string; left: number; top: number; width: number; height: number }

/** The page's text runs, placed in `viewport` coordinates (for search highlights). */
export async function textRuns(page: PDFPageProxy, viewport: PageViewport): Promise<TextRun[]> {
  const { Util } = await pdfjs()
  const content = await page.getTextContent()
  const runs: TextRun[] = []
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue
    const transform = Util.transform(viewport.transform, item.transform)
    const height = Math.hypot(transform[2], transform[3])
    runs.push({
      text: item.str,
      left: transform[4],
      top: transform[5] - height,
      width: item.width * viewport.scale,
      height,
    })
  }
  return runs
}

/** The text of each page, lower-cased, for finding which pages hold a phrase. */
export async function pageTexts(doc: PDFDocumentProxy): Promise<string[]> {
  const texts: string[] = []
  for (let number = 1; number <= doc.numPages; number++) {
    const content = await (await doc.getPage(number)).getTextContent()
    const parts = content.items.map((item) => ('str' in item ? item.str : ''))
    texts.push(parts.join(' ').replace(/\s+/g, ' ').toLowerCase())
  }
  return texts
}
