import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconCloudOff, IconListCheck } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { ApiError } from '../../api/client'
import { useBrowserOnline, useOutboxStatus } from '../../offline/hooks'
import { subscribe } from '../../offline/outbox'
import { InstallOffer } from '../../pwa/InstallOffer'
import { AfterPageSettled } from '../../ui/deferred/page-settled'
import { MessagePage } from '../../ui/MessagePage'
import { DeviceItemSets } from './DeviceItemSets'
import { deviceItemSetsQuery } from './device-sets'
import { workerTasksQuery } from './queries'
import { TaskCard } from './TaskCard'

/** The device's item sets, read again whenever the outbox moves (a save sent, a set finished). */
function useDeviceItemSets() {
  const queryClient = useQueryClient()
  const query = useQuery(deviceItemSetsQuery())
  useEffect(
    () =>
      subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: deviceItemSetsQuery().queryKey })
      }),
    [queryClient],
  )
  return query.data
}

/**
 * The spec's `tasks_list`: the tasks the worker may take work from. Without a connection, the
 * item sets kept on this device instead, with their progress and what is not sent yet.
 */
export function TaskListPage() {
  const { t } = useLingui()
  const tasks = useQuery(workerTasksQuery())
  const deviceSets = useDeviceItemSets()
  const browserOnline = useBrowserOnline()
  // The outbox's last send got no answer: a list asked for now would wait for its time-out.
  const serverUnanswered = !useOutboxStatus().online && tasks.isFetching
  // Decided at once: the cached list, with its Take work buttons, is not shown while a request
  // that cannot succeed waits for its time-out.
  const unreachable =
    !browserOnline ||
    serverUnanswered ||
    tasks.fetchStatus === 'paused' ||
    (tasks.error instanceof ApiError && tasks.error.status === 0)

  let content: ReactNode
  if (unreachable) {
    content = (
      <Stack gap="md">
        <Alert color="orange" icon={<IconCloudOff aria-hidden />} title={t`You are offline`}>
          <Trans>
            These are the item sets kept on this device: you can go on working in them, and your
            changes are sent when you are back online. Taking new work needs a connection.
          </Trans>
        </Alert>
        {deviceSets ? (
          <DeviceItemSets sets={deviceSets} />
        ) : (
          <Center py="xl">
            <Loader aria-label={t`Loading your tasks…`} />
          </Center>
        )}
      </Stack>
    )
  } else if (tasks.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label={t`Loading your tasks…`} />
      </Center>
    )
  } else if (tasks.isError) {
    content = (
      <Alert color="red" title={<Trans>The tasks could not be loaded</Trans>}>
        <Trans>Please try again later.</Trans>
      </Alert>
    )
  } else if (tasks.data.results.length === 0) {
    content = (
      <MessagePage
        icon={<IconListCheck size={48} color="var(--mantine-color-gray-5)" aria-hidden />}
        title={<Trans>No tasks are available to you right now</Trans>}
      >
        <Trans>New tasks appear here when they are published for your groups and languages.</Trans>
      </MessagePage>
    )
  } else {
    const byId = new Map(deviceSets?.map((set) => [set.id, set]))
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {tasks.data.results.map((task) => (
          <TaskCard
            key={task.id}
            task={task}
            deviceSet={task.my_open_item_set ? byId.get(task.my_open_item_set.id) : undefined}
          />
        ))}
      </SimpleGrid>
    )
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          <Trans>Tasks</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>Take work from a task, or continue the item set you have open.</Trans>
        </Text>
      </div>
      {content}
      <AfterPageSettled>
        <InstallOffer />
      </AfterPageSettled>
    </Stack>
  )
}
