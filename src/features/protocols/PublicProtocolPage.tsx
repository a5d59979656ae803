import { Trans } from '@lingui/react/macro'
import { Stack, Text, Title } from '@mantine/core'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import dayjs from 'dayjs'
import { DATE_TIME_FORMAT } from '../../../contract/constants'
import { ApiError } from '../../api/client'
import { ProtocolViewer } from './ProtocolViewer'
import { protocolPdfUrl, publicProtocolQuery } from './queries'

/** For a route loader: a protocol that does not exist shows the not-found page (spec section 8). */
export async function loadPublicProtocol(queryClient: QueryClient, id: number): Promise<void> {
  try {
    await queryClient.ensureQueryData(publicProtocolQuery(id))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound()
    throw error
  }
}

/** The spec's public protocol view: a protocol by id, as its PDF or its text. */
export function PublicProtocolPage({ protocolId }: { protocolId: number }) {
  const { data: protocol } = useSuspenseQuery(publicProtocolQuery(protocolId))
  const created = dayjs(protocol.created_timestamp).format(DATE_TIME_FORMAT)
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {protocol.name}
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Version {protocol.version}, published {created}
          </Trans>
        </Text>
      </div>
      <ProtocolViewer protocol={protocol} pdfUrl={protocolPdfUrl(protocol.id)} />
    </Stack>
  )
}
