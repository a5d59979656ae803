import { Trans } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { RouterButton } from '../../ui/links'
import { ProtocolPanel } from './ProtocolPanel'

type ProtocolRouteProps = { taskId: number; itemSetId: number; protocolId: number }

/** `protocol-confirm`: the forced read before (or between) work on the set. */
export function ProtocolConfirmPage({ taskId, itemSetId, protocolId }: ProtocolRouteProps) {
  const navigate = useNavigate()
  return (
    <ProtocolPanel
      protocolId={protocolId}
      itemSetId={itemSetId}
      onConfirmed={() =>
        void navigate({ to: '/tasks/$taskId/$itemSetId', params: { taskId, itemSetId } })
      }
    />
  )
}

/** `protocol`: the protocol, looked up during work. */
export function ProtocolPage({ taskId, itemSetId, protocolId }: ProtocolRouteProps) {
  return (
    <Stack gap="md">
      <RouterButton
        to="/tasks/$taskId/$itemSetId"
        params={{ taskId, itemSetId }}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        <Trans>Back to the items</Trans>
      </RouterButton>
      <ProtocolPanel protocolId={protocolId} itemSetId={itemSetId} />
    </Stack>
  )
}
