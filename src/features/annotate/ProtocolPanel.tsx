import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { IconCheck } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { DATE_TIME_FORMAT } from '../../../contract/constants'
import type { WorkerProtocolView } from '../../../contract/worker'
import { ApiError } from '../../api/client'
import { ProtocolViewer } from '../protocols/ProtocolViewer'
import { protocolPdfUrl } from '../protocols/queries'
import { confirmProtocolRead, workerProtocolQuery } from './queries'

type ProtocolPanelProps = {
  protocolId: number
  /** The item set the protocol is read for: its offline copy is used and updated. */
  itemSetId?: number
  /** Given on the forced read: the 'I have read the protocol' button, called once confirmed. */
  onConfirmed?: () => void
}

/** The task protocol as the worker reads it, optionally with the confirmation the tasks need. */
export function ProtocolPanel({ protocolId, itemSetId, onConfirmed }: ProtocolPanelProps) {
  const { t } = useLingui()
  const query = useQuery(workerProtocolQuery(protocolId, itemSetId))
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t`Loading the protocol…`} />
      </Center>
    )
  }
  if (query.isError) {
    return (
      <Alert color="red" title={<Trans>The protocol could not be loaded</Trans>}>
        <Trans>Check your connection and try again.</Trans>
      </Alert>
    )
  }
  const protocol = query.data
  return (
    <Stack gap="md">
      <ProtocolHeading protocol={protocol} />
      {onConfirmed && (
        <Text>
          {protocol.show_changes && protocol.diff !== null ? (
            <Trans>
              The protocol has a new version. Read what changed, then confirm to go on working.
            </Trans>
          ) : (
            <Trans>Read the task protocol, then confirm to start working.</Trans>
          )}
        </Text>
      )}
      <ProtocolViewer protocol={protocol} pdfUrl={protocolPdfUrl(protocol.id)} />
      {onConfirmed && (
        <ConfirmButton protocolId={protocolId} itemSetId={itemSetId} onConfirmed={onConfirmed} />
      )}
    </Stack>
  )
}

function ProtocolHeading({ protocol }: { protocol: WorkerProtocolView }) {
  const { version } = protocol
  const readAt = protocol.read_timestamp && dayjs(protocol.read_timestamp).format(DATE_TIME_FORMAT)
  return (
    <div>
      <Title order={1} size="h2">
        {protocol.name}
      </Title>
      <Text size="sm" c="dimmed">
        {readAt ? (
          <Trans>
            Version {version}, read on {readAt}
          </Trans>
        ) : (
          <Trans>Version {version}</Trans>
        )}
      </Text>
    </div>
  )
}

function ConfirmButton({
  protocolId,
  itemSetId,
  onConfirmed,
}: Required<Pick<ProtocolPanelProps, 'protocolId' | 'onConfirmed'>> & { itemSetId?: number }) {
  const queryClient = useQueryClient()
  const confirm = useMutation({
    mutationFn: () => confirmProtocolRead(queryClient, protocolId, itemSetId),
    onSuccess: onConfirmed,
  })
  const offline = confirm.error instanceof ApiError && confirm.error.status === 0
  return (
    <Stack gap="xs" align="flex-start">
      {confirm.isError && (
        <Alert color="red" role="alert">
          {offline ? (
            <Trans>Confirming needs a connection: try again once you are online.</Trans>
          ) : (
            <Trans>The confirmation failed. Please try again.</Trans>
          )}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          loading={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          <Trans>I have read the protocol</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
