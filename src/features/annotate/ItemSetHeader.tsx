import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { IconBook } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { WorkerItemSet } from '../../../contract/worker'
import { RouterButton } from '../../ui/links'
import { LockCountdown } from './LockCountdown'

type ItemSetHeaderProps = {
  view: WorkerItemSet
  /** Done items, local edits included. */
  done: number
  /** The offline-copy status, shown beside the lock. */
  offline: ReactNode
  /** Buttons at the end of the title row (the shortcuts help). */
  tools: ReactNode
  /** The server ended the lock (expired, or ended by a coordinator), as a refused save told. */
  lockEnded: boolean
  /** A message that must stay in view while the worker scrolls (a refused save). */
  alert: ReactNode
}

/** What the set is, how far the worker got, how long the lock lasts and what is on the device. */
export function ItemSetHeader({
  view,
  done,
  offline,
  tools,
  lockEnded,
  alert,
}: ItemSetHeaderProps) {
  const { t } = useLingui()
  const total = view.items.length
  const description = view.task.description || `#${view.task.id}`
  return (
    // Kept in view below the app header while the worker scrolls through the items.
    <Paper withBorder p="md" pos="sticky" top="var(--app-header-height, 0px)" style={{ zIndex: 2 }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} size="h3">
              {description}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Item set #{view.id}</Trans>
            </Text>
          </div>
          <Group gap="xs">
            <RouterButton
              to="/tasks/$taskId/$itemSetId/$taskProtocolId/protocol"
              params={{
                taskId: view.task.id,
                itemSetId: view.id,
                taskProtocolId: view.protocol.id,
              }}
              variant="default"
              size="sm"
              leftSection={<IconBook size={16} aria-hidden />}
            >
              <Trans>Protocol</Trans>
            </RouterButton>
            {tools}
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={total === 0 ? 0 : (done / total) * 100}
            flex={1}
            aria-label={t`Items done`}
          />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <Trans>
              Done: {done} of {total}
            </Trans>
          </Text>
        </Group>
        <Group justify="space-between" gap="sm">
          {view.expired || lockEnded ? (
            <Text size="sm" c="red">
              <Trans>Lock expired</Trans>
            </Text>
          ) : (
            <LockCountdown expiresAt={view.lock_expiration_timestamp} />
          )}
          {offline}
        </Group>
        {alert}
      </Stack>
    </Paper>
  )
}
