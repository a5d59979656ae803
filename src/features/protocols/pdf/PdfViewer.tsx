import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Center, Loader, Stack } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import type { PDFDocumentProxy } from 'pdfjs-dist'
import { type KeyboardEvent, useCallback, useRef, useState } from 'react'
import { PdfPage } from './PdfPage'
import { PdfToolbar } from './PdfToolbar'
import { usePdfDocument } from './usePdfDocument'
import { usePdfSearch } from './usePdfSearch'

const ZOOM_STEP = 0.25
const MIN_ZOOM = 0.5
const MAX_ZOOM = 3
/** Room left around a page fitted to the width (padding and a scroll bar). */
const FIT_MARGIN_PX = 40

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom))

/** Loaded lazily by the protocol viewer: pdf.js is only fetched for PDF protocols. */
export default function PdfViewer({ url }: { url: string }) {
  const { t } = useLingui()
  const state = usePdfDocument(url)
  if (state.status === 'loading') {
    return (
      <Center py="xl">
        <Loader aria-label={t`Loading the PDF…`} />
      </Center>
    )
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" title={<Trans>The PDF could not be loaded</Trans>}>
        <Trans>Check your connection and open the protocol again.</Trans>
      </Alert>
    )
  }
  return <PdfDocumentView key={url} doc={state.doc} firstPage={state.firstPage} />
}

type PdfDocumentViewProps = {
  doc: PDFDocumentProxy
  firstPage: { width: number; height: number }
}

function PdfDocumentView({ doc, firstPage }: PdfDocumentViewProps) {
  const { t } = useLingui()
  const { ref: sizeRef, width } = useElementSize()
  // Null follows the width of the viewer (fit to width), which suits phones and desktops alike.
  const [zoom, setZoom] = useState<number | null>(null)
  const fitted = width > 0 ? clampZoom((width - FIT_MARGIN_PX) / firstPage.width) : 1
  const scale = zoom ?? fitted
  const search = usePdfSearch(doc)
  const pages = useRef(new Map<number, HTMLDivElement>())

  const register = useCallback((number: number, element: HTMLDivElement | null) => {
    if (element) pages.current.set(number, element)
    else pages.current.delete(number)
  }, [])
  const jump = (page: number) => pages.current.get(page)?.scrollIntoView({ block: 'start' })
  const find = async (phrase: string, direction: 1 | -1) => {
    const page = await search.find(phrase, direction)
    if (page !== null) jump(page)
  }
  const zoomBy = (step: number) => setZoom(clampZoom(Math.round((scale + step) * 100) / 100))

  // Zoom keys while the pages have focus; the toolbar's buttons do the same.
  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(-ZOOM_STEP),
      '0': () => setZoom(null),
    }
    const action = actions[event.key]
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    action()
  }

  const matchPage = search.pages[search.current]
  return (
    <Stack gap="sm">
      <PdfToolbar
        pageCount={doc.numPages}
        zoomPercent={Math.round(scale * 100)}
        search={search}
        onFind={(phrase, direction) => void find(phrase, direction)}
        onJump={jump}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(-ZOOM_STEP)}
        onZoomReset={() => setZoom(null)}
      />
      <Box
        ref={sizeRef}
        // Focusable, so the pages scroll by keyboard.
        tabIndex={0}
        role="region"
        aria-label={t`Protocol pages (+ and - zoom, 0 fits the width)`}
        onKeyDown={onKeyDown}
        h="75vh"
        p="md"
        bg="var(--mantine-color-gray-1)"
        style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Stack gap="md" align="flex-start">
          {Array.from({ length: doc.numPages }, (_, index) => index + 1).map((number) => (
            <PdfPage
              key={number}
              doc={doc}
              number={number}
              scale={scale}
              estimate={firstPage}
              highlight={search.query}
              isMatch={number === matchPage}
              register={register}
            />
          ))}
        </Stack>
      </Box>
    </Stack>
  )
}
