import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core'
import { lazy, Suspense, useState } from 'react'
import { Markdown } from '../../ui/Markdown'
import { ProtocolDiff } from './ProtocolDiff'
import { withoutRepeatedTitle } from './repeated-title'
import type { ViewableProtocol } from './types'

const PdfViewer = lazy(() => import('./pdf/PdfViewer'))

export type ProtocolViewerProps = {
  /**
   * The protocol: a Markdown text (TXT) or a PDF. Its `diff` is offered while `show_changes`
   * holds: the changes are shown first, with a 'Show/Hide full protocol' toggle.
   */
  protocol: ViewableProtocol
  /**
   * Where the PDF of a PDF protocol is fetched (same origin, session cookie). The public
   * `/api/media/protocols/{id}/?serve=true` is the one the service worker keeps for offline use.
   */
  pdfUrl?: string
}

/**
 * The spec's protocol viewer, shared by the annotation screen, the public and reviewer views and
 * the client's previews. PDFs get search, page jump and zoom (pdf.js, loaded only for them).
 */
export function ProtocolViewer({ protocol, pdfUrl }: ProtocolViewerProps) {
  const [showFull, setShowFull] = useState(false)
  const diff = protocol.show_changes ? protocol.diff : null

  return (
    <Stack gap="md">
      {diff !== null && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {showFull ? (
              <Trans>The full protocol is shown.</Trans>
            ) : (
              <Trans>This version changed the protocol: the changes are shown.</Trans>
            )}
          </Text>
          <Button variant="light" aria-pressed={showFull} onClick={() => setShowFull(!showFull)}>
            {showFull ? <Trans>Hide full protocol</Trans> : <Trans>Show full protocol</Trans>}
          </Button>
        </Group>
      )}
      {diff !== null && !showFull ? (
        <ProtocolDiff diff={diff} />
      ) : (
        <FullProtocol protocol={protocol} pdfUrl={pdfUrl} />
      )}
    </Stack>
  )
}

function FullProtocol({ protocol, pdfUrl }: ProtocolViewerProps) {
  const { t } = useLingui()
  if (protocol.serving_type === 'TXT') {
    return <Markdown>{withoutRepeatedTitle(protocol.content, protocol.name)}</Markdown>
  }
  if (!pdfUrl) {
    return (
      <Alert color="red">
        <Trans>This protocol is a PDF file that cannot be shown here.</Trans>
      </Alert>
    )
  }
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label={t`Loading the PDF viewer…`} />
        </Center>
      }
    >
      <PdfViewer url={pdfUrl} />
    </Suspense>
  )
}
