import { Trans } from '@lingui/react/macro'
import { Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { DATE_TIME_FORMAT } from '../../../contract/constants'
import { ProtocolViewer } from './ProtocolViewer'
import { protocolPdfUrl, publicProtocolQuery } from './queries'

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
