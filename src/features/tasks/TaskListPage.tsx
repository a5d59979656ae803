import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconListCheck } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError } from '../../api/client'
import { MessagePage } from '../../ui/MessagePage'
import { workerTasksQuery } from './queries'
import { TaskCard } from './TaskCard'

/** The spec's `tasks_list`: the tasks the worker may take work from. */
export function TaskListPage() {
  const { t } = useLingui()
  const tasks = useQuery(workerTasksQuery())

  let content: ReactNode
  if (tasks.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label={t`Loading your tasks…`} />
      </Center>
    )
  } else if (tasks.isError) {
    const offline = tasks.error instanceof ApiError && tasks.error.status === 0
    content = (
      <Alert color="red" title={<Trans>The tasks could not be loaded</Trans>}>
        {offline ? (
          <Trans>
            You are offline. Connect to see your tasks; item sets you opened before still work
            offline.
          </Trans>
        ) : (
          <Trans>Please try again later.</Trans>
        )}
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
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {tasks.data.results.map((task) => (
          <TaskCard key={task.id} task={task} />
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
    </Stack>
  )
}
