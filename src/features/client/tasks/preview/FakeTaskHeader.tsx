import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconArrowRight, IconBook, IconLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { FakeTask, Task } from '../../../../../contract/client-tasks'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { formatDateTime } from '../format'

/**
 * What a worker sees above the items: the set's place in the task, the lock it would hold (only
 * informative: a preview locks nothing), the protocol, and moves to the previous or next set.
 */
export function FakeTaskHeader({ task, fake }: { task: Task; fake: FakeTask }) {
  const { t } = useLingui()
  const taskId = String(task.id)
  // With fixed sets the offset counts sets; with dynamic sets it counts items.
  const step = task.is_fixed_sets ? 1 : task.items_per_set
  const previous = fake.offset > 0 ? Math.max(0, fake.offset - step) : null
  const first = fake.offset + 1
  const last = fake.offset + fake.items_count
  const setNumber = fake.offset + 1
  const lockedUntil = formatDateTime(fake.lock_expiration_timestamp)

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>Preview of task #{taskId}</Trans>
        </Title>
        <RouterAnchor to="/client/tasks/$taskId/panel" params={{ taskId }}>
          <Trans>Back to the task panel</Trans>
        </RouterAnchor>
      </Group>
      <Alert color="blue" variant="light" icon={<IconLock aria-hidden />}>
        <Trans>
          This is what a worker sees, read-only: nothing is locked, saved or logged. A worker taking
          this set would hold it until {lockedUntil}.
        </Trans>
      </Alert>
      <Group justify="space-between">
        <Text fw={500}>
          {task.is_fixed_sets ? (
            <Trans>Item set {setNumber}</Trans>
          ) : (
            <Trans>
              Items {first}–{last}
            </Trans>
          )}
        </Text>
        <RouterAnchor
          to="/client/tasks-definitions/task-protocols/$taskProtocolId/preview"
          params={{ taskProtocolId: String(fake.protocol) }}
        >
          <Group gap={4} component="span">
            <IconBook size={16} aria-hidden />
            <Trans>Protocol</Trans>
          </Group>
        </RouterAnchor>
      </Group>
      <Group gap="xs" role="group" aria-label={t`Item sets`}>
        <SetLink taskId={taskId} offset={previous} icon="previous">
          <Trans>Previous set</Trans>
        </SetLink>
        <SetLink taskId={taskId} offset={fake.next_offset} icon="next">
          <Trans>Next set</Trans>
        </SetLink>
      </Group>
    </Stack>
  )
}

type SetLinkProps = {
  taskId: string
  /** Null at either end of the task. */
  offset: number | null
  icon: 'previous' | 'next'
  children: ReactNode
}

/** A move to another set; a disabled button (not a dead link) where there is none. */
function SetLink({ taskId, offset, icon, children }: SetLinkProps) {
  const sides =
    icon === 'previous'
      ? { leftSection: <IconArrowLeft size={14} aria-hidden /> }
      : { rightSection: <IconArrowRight size={14} aria-hidden /> }
  if (offset === null) {
    return (
      <Button variant="default" size="xs" disabled {...sides}>
        {children}
      </Button>
    )
  }
  return (
    <RouterButton
      variant="default"
      size="xs"
      {...sides}
      to="/client/tasks/fake/$taskId/$itemSetId/fake-items"
      params={{ taskId, itemSetId: String(offset) }}
    >
      {children}
    </RouterButton>
  )
}
