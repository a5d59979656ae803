import { Trans } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { TaskTypeEntity } from '../../../../../contract/client-definitions'
import { DefinitionHeader } from '../shared/DefinitionHeader'
import { DeleteDefinition } from '../shared/DeleteDefinition'
import { deleteTaskType } from './api'
import { TaskTypeStatusControl } from './TaskTypeStatusControl'

/** A task type's name, status (changed here in one click) and group, its page's actions, and delete while it has no tasks. */
export function TaskTypeHeader({
  taskType,
  title,
  actions,
}: {
  taskType: TaskTypeEntity
  title: ReactNode
  actions?: ReactNode
}) {
  return (
    <DefinitionHeader
      title={title}
      name={taskType.name}
      clientGroup={taskType.client_group}
      actions={
        <>
          <TaskTypeStatusControl taskType={taskType} />
          {actions}
          {taskType.removable ? (
            <DeleteDefinition
              kind="task-types"
              name={taskType.name}
              remove={() => deleteTaskType(taskType.id)}
            />
          ) : (
            <Text size="xs" c="dimmed" maw={200}>
              <Trans>It has tasks, so it cannot be deleted.</Trans>
            </Text>
          )}
        </>
      }
    />
  )
}
