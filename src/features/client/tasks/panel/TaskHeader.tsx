import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Text, Title } from '@mantine/core'
import { IconEye, IconListSearch, IconLock, IconSettings } from '@tabler/icons-react'
import type { Task } from '../../../../../contract/client-tasks'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { ClientGroupBadge } from '../../client-group-badge'
import { TaskStatusBadge } from '../TaskStatusBadge'

/** Who the task is for and what it is made of, with links to its other views. */
export function TaskHeader({ task }: { task: Task }) {
  const { t } = useLingui()
  const taskId = String(task.id)
  const base = task.base_language.name
  const target = task.target_language.name
  const schema = `${task.schema.name} v${task.schema.version}`
  const protocol = `${task.protocol.name} v${task.protocol.version}`
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Title order={1} size="h2">
          <Trans>Task #{taskId}</Trans>
        </Title>
        <TaskStatusBadge status={task.status} />
        <ClientGroupBadge group={task.task_type.client_group} />
      </Group>
      {task.description && <Text>{task.description}</Text>}
      <Group gap="lg" c="dimmed" fz="sm">
        <Text size="sm">
          <Trans>Task type:</Trans>{' '}
          <RouterAnchor
            to="/client/tasks-definitions/task-types/$taskTypeId"
            params={{ taskTypeId: String(task.task_type.id) }}
          >
            {task.task_type.name}
          </RouterAnchor>
        </Text>
        <Text size="sm">
          <Trans>
            Languages: {base} → {target}
          </Trans>
        </Text>
        <Text size="sm">
          <Trans>Schema: {schema}</Trans>
        </Text>
        <Text size="sm">
          <Trans>Protocol: {protocol}</Trans>
        </Text>
        {task.encrypt_audio && (
          <Badge variant="light" color="grape" leftSection={<IconLock size={12} aria-hidden />}>
            <Trans>Protected audio</Trans>
          </Badge>
        )}
        {task.project && (
          <Badge variant="outline" color="gray">
            {task.project.name}
          </Badge>
        )}
      </Group>
      <Group gap="xs" role="group" aria-label={t`Views of the task`}>
        <RouterButton
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden />}
          to="/client/tasks/fake/$taskId/$itemSetId/fake-items"
          params={{ taskId, itemSetId: '0' }}
        >
          <Trans>Preview as a worker</Trans>
        </RouterButton>
        <RouterButton
          size="xs"
          variant="light"
          leftSection={<IconListSearch size={14} aria-hidden />}
          to="/client/tasks/annotations"
          search={{ task: task.id }}
        >
          <Trans>Annotations explorer</Trans>
        </RouterButton>
        <RouterButton
          size="xs"
          variant="light"
          leftSection={<IconSettings size={14} aria-hidden />}
          to="/client/tasks/$taskId/local_settings"
          params={{ taskId }}
        >
          <Trans>Local settings</Trans>
        </RouterButton>
      </Group>
    </Stack>
  )
}
