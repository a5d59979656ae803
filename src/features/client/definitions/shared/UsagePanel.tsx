import { Trans, useLingui } from '@lingui/react/macro'
import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { NamedRef } from '../../../../../contract/client-definitions'
import { RouterAnchor } from '../../../../ui/links'

type UsagePanelProps = {
  taskTypes: NamedRef[]
  tasks: { id: number; description: string }[]
}

/** Which task types and tasks use a schema or protocol version. */
export function UsagePanel({ taskTypes, tasks }: UsagePanelProps) {
  const { t } = useLingui()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Task types using it ({taskTypes.length})</Trans>
        </Title>
        {taskTypes.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No task type uses this version.</Trans>
          </Text>
        ) : (
          <List size="sm" aria-label={t`Task types using it`}>
            {taskTypes.map((type) => (
              <List.Item key={type.id}>
                <RouterAnchor
                  to="/client/tasks-definitions/task-types/$taskTypeId"
                  params={{ taskTypeId: String(type.id) }}
                >
                  {type.name}
                </RouterAnchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans>Tasks using it ({tasks.length})</Trans>
        </Title>
        {tasks.length === 0 ? (
          <Text c="dimmed" size="sm">
            <Trans>No task uses this version, so editing it changes it in place.</Trans>
          </Text>
        ) : (
          <List size="sm" aria-label={t`Tasks using it`}>
            {tasks.map((task) => (
              <List.Item key={task.id}>
                <RouterAnchor to="/client/tasks/$taskId/panel" params={{ taskId: String(task.id) }}>
                  #{task.id} {task.description}
                </RouterAnchor>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </SimpleGrid>
  )
}
