import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { WorkerTask } from '../../../contract/worker'
import { RouterButton } from '../../ui/links'
import { LockCountdown } from '../annotate/LockCountdown'
import { allDone, type DeviceItemSet } from './device-sets'
import { FinishSetButton } from './FinishSetButton'
import { TakeWorkButton } from './TakeWorkButton'
import { TaskStopNotice } from './TaskStopNotice'

function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </div>
  )
}

/**
 * One task the worker may work on: what it is, how far it got, and the way into its work. With
 * the device's copy of the open set (`deviceSet`), a set whose items are all done can be finished
 * from here, and a set whose finish waits on the device no longer holds up taking work. A worker
 * the server stops from new work of the task is told why instead of offered to take it.
 */
export function TaskCard({ task, deviceSet }: { task: WorkerTask; deviceSet?: DeviceItemSet }) {
  const { t } = useLingui()
  const { protocol, my_open_item_set: openSet } = task
  const titleId = `task-${task.id}-title`
  const progress = Math.round(task.progress)
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="md">
      <Stack gap="sm" h="100%">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {task.description || <Trans>Task #{task.id}</Trans>}
          </Title>
          <Group gap={6} mt={4}>
            <Badge variant="light">{task.task_type.name}</Badge>
            <Badge variant="outline" color="gray">
              {task.base_language.name} → {task.target_language.name}
            </Badge>
          </Group>
        </div>
        <Group gap={6}>
          <Text size="sm">
            <Trans>
              Protocol: {protocol.name}, version {protocol.version}
            </Trans>
          </Text>
          {protocol.read ? (
            <Badge color="green" variant="light" size="sm">
              <Trans>Read</Trans>
            </Badge>
          ) : (
            <Badge color="orange" variant="light" size="sm">
              <Trans>Not read yet</Trans>
            </Badge>
          )}
        </Group>
        <div>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              <Trans>Task progress</Trans>
            </Text>
            <Text size="xs">{progress}%</Text>
          </Group>
          <Progress value={progress} aria-label={t`Task progress`} />
        </div>
        <SimpleGrid cols={2}>
          <Figure label={<Trans>Available for you</Trans>}>{task.items_available_for_me}</Figure>
          <Figure label={<Trans>Done by you</Trans>}>{task.my_done}</Figure>
        </SimpleGrid>
        <Stack gap="xs" mt="auto">
          {openSet && !deviceSet?.finishing ? (
            <>
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  <Trans>Your item set #{openSet.id}</Trans>
                </Text>
                <LockCountdown expiresAt={openSet.lock_expiration_timestamp} />
              </Group>
              <RouterButton
                to="/tasks/$taskId/$itemSetId"
                params={{ taskId: task.id, itemSetId: openSet.id }}
                rightSection={<IconArrowRight size={16} aria-hidden />}
                variant={deviceSet && allDone(deviceSet) ? 'default' : 'filled'}
              >
                <Trans>Continue</Trans>
              </RouterButton>
              {deviceSet && allDone(deviceSet) && (
                <FinishSetButton itemSetId={openSet.id} taskId={task.id} />
              )}
              {/* The held set stays theirs; the worker learns now that no new one follows it. */}
              {task.stop && <TaskStopNotice stop={task.stop} />}
            </>
          ) : (
            <>
              {openSet && (
                <Text size="sm" c="dimmed">
                  <Trans>
                    Item set #{openSet.id} is finished on this device and is sent to the server when
                    it can be reached.
                  </Trans>
                </Text>
              )}
              {task.stop ? (
                <TaskStopNotice stop={task.stop} />
              ) : (
                <>
                  {task.items_available_for_me === 0 && (
                    <Text size="sm" c="dimmed">
                      <Trans>Nothing is left for you in this task right now.</Trans>
                    </Text>
                  )}
                  <TakeWorkButton task={task} finishingSetId={openSet?.id} />
                </>
              )}
            </>
          )}
        </Stack>
      </Stack>
    </Card>
  )
}
