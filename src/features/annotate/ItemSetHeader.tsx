import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { IconBook } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { WorkerItemSet } from '../../../contract/worker'
import { RouterButton } from '../../ui/links'
import { usePhoneHeaderLayout } from '../../ui/use-screen-width'
import { LockCountdown } from './LockCountdown'

type ItemSetHeaderProps = {
  view: WorkerItemSet
  /** Done items, local edits included. */
  done: number
  /** The offline-copy status, shown beside the lock; `compact` on a phone's one-line bar. */
  offline: (compact: boolean) => ReactNode
  /** Buttons at the end of the title row (the shortcuts help). */
  tools: ReactNode
  /** The sync state, in the phone's status bar (the app header it sits in scrolls away there). */
  sync: ReactNode
  /** The server ended the lock (expired, or ended by a coordinator), as a refused save told. */
  lockEnded: boolean
  /** A message that must stay in view while the worker scrolls (a refused save). */
  alert: ReactNode
}

/**
 * What the set is, how far the worker got, how long the lock lasts and what is on the device. On
 * wider screens all of it stays in view below the app header while the worker scrolls through the
 * items. On a phone only one line does (progress, lock, offline copy and sync, with a refused
 * save's message): the title and the app header scroll away, leaving the items most of the screen.
 */
export function ItemSetHeader(props: ItemSetHeaderProps) {
  const phone = usePhoneHeaderLayout()
  const { view, done, offline, tools, sync, lockEnded, alert } = props
  const title = <SetTitle view={view} tools={tools} />
  const lock =
    view.expired || lockEnded ? (
      <Text size="sm" c="red">
        <Trans>Lock expired</Trans>
      </Text>
    ) : (
      <LockCountdown expiresAt={view.lock_expiration_timestamp} compact={phone} />
    )

  if (phone) {
    return (
      <>
        {title}
        {/* Styled in app-frame.css, where the app header scrolls away while this bar is shown. */}
        <Box className="item-set-status-bar">
          <Group gap="xs">
            <SetProgress view={view} done={done} />
            {lock}
            {offline(true)}
            {sync}
          </Group>
          {alert}
        </Box>
      </>
    )
  }
  return (
    <Paper withBorder p="md" pos="sticky" top="var(--app-header-height, 0px)" style={{ zIndex: 2 }}>
      <Stack gap="xs">
        {title}
        <SetProgress view={view} done={done} />
        <Group justify="space-between" gap="sm">
          {lock}
          {offline(false)}
        </Group>
        {alert}
      </Stack>
    </Paper>
  )
}

function SetTitle({ view, tools }: { view: WorkerItemSet; tools: ReactNode }) {
  const description = view.task.description || `#${view.task.id}`
  return (
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
  )
}

function SetProgress({ view, done }: { view: WorkerItemSet; done: number }) {
  const { t } = useLingui()
  const total = view.items.length
  return (
    <Group gap="sm" wrap="nowrap" flex={1} miw={0}>
      <Progress
        value={total === 0 ? 0 : (done / total) * 100}
        flex={1}
        miw={32}
        aria-label={t`Items done`}
      />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <Trans>
          Done: {done} of {total}
        </Trans>
      </Text>
    </Group>
  )
}
