import { useLingui } from '@lingui/react/macro'
import { Box, Paper, Text } from '@mantine/core'
import { useIntersection, useMergedRef } from '@mantine/hooks'
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type TextRun, textRuns } from './pdf'

/** Pages start rendering this far before they scroll into view. */
const RENDER_AHEAD = { rootMargin: '600px' }

type Size = { width: number; height: number }

type PdfPageProps = {
  doc: PDFDocumentProxy
  number: number
  scale: number
  /** The size of a page at scale 1 until this page's own is known (most PDFs have one size). */
  estimate: Size
  /** A phrase whose text runs are highlighted on this page, or ''. */
  highlight: string
  /** Marks the page the search has jumped to. */
  isMatch: boolean
  /** Told the page's element (null when it goes), so the viewer can scroll to it; keep it stable. */
  register: (number: number, element: HTMLDivElement | null) => void
}

/**
 * One page, rendered to a canvas once it comes near the viewport (a long protocol does not render
 * all its pages up front), again when the zoom changes. Sharp on high-density screens.
 */
export function PdfPage({
  doc,
  number,
  scale,
  estimate,
  highlight,
  isMatch,
  register,
}: PdfPageProps) {
  const { t } = useLingui()
  const { ref: observed, entry } = useIntersection(RENDER_AHEAD)
  const registered = useCallback(
    (element: HTMLDivElement | null) => register(number, element),
    [register, number],
  )
  const ref = useMergedRef(observed, registered)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [near, setNear] = useState(false)
  const [size, setSize] = useState<Size | null>(null)
  const [failed, setFailed] = useState(false)
  const [marks, setMarks] = useState<TextRun[]>([])

  useEffect(() => {
    if (entry?.isIntersecting) setNear(true)
  }, [entry])

  useEffect(() => {
    const target = canvas.current
    if (!near || !target) return
    let cancelled = false
    let task: RenderTask | undefined
    void (async () => {
      const page = await doc.getPage(number)
      if (cancelled) return
      const base = page.getViewport({ scale: 1 })
      setSize({ width: base.width, height: base.height })
      const viewport = page.getViewport({ scale })
      const ratio = window.devicePixelRatio || 1
      target.width = Math.floor(viewport.width * ratio)
      target.height = Math.floor(viewport.height * ratio)
      task = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      })
      await task.promise
    })().catch(() => {
      if (!cancelled) setFailed(true)
    })
    return () => {
      cancelled = true
      task?.cancel()
    }
  }, [near, doc, number, scale])

  useEffect(() => {
    const needle = highlight.toLowerCase()
    if (!near || needle === '') return setMarks([])
    let cancelled = false
    void (async () => {
      const page = await doc.getPage(number)
      const runs = await textRuns(page, page.getViewport({ scale }))
      if (!cancelled) setMarks(runs.filter((run) => run.text.toLowerCase().includes(needle)))
    })().catch(() => {
      // Without its text the page is still shown, only unmarked.
    })
    return () => {
      cancelled = true
    }
  }, [near, doc, number, scale, highlight])

  const { width, height } = size ?? estimate
  return (
    <Paper
      ref={ref}
      shadow="xs"
      pos="relative"
      mx="auto"
      w={width * scale}
      h={height * scale}
      bg="white"
      data-page={number}
      aria-label={t`Page ${number}`}
      style={{
        flexShrink: 0,
        outline: isMatch ? '3px solid var(--mantine-color-yellow-5)' : undefined,
      }}
    >
      <canvas ref={canvas} style={{ width: '100%', height: '100%', display: 'block' }} />
      {marks.map((mark) => (
        <Box
          key={`${mark.left}:${mark.top}`}
          data-testid="pdf-highlight"
          pos="absolute"
          left={mark.left}
          top={mark.top}
          w={mark.width}
          h={mark.height}
          style={{ background: 'var(--mantine-color-yellow-4)', opacity: 0.45 }}
        />
      ))}
      {failed && (
        <Text pos="absolute" top="45%" w="100%" ta="center" c="red">
          {t`This page could not be shown.`}
        </Text>
      )}
    </Paper>
  )
}
