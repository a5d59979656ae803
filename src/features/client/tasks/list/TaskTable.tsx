import { Trans, useLingui } from '@lingui/react/macro'
import { Checkbox, Table, Text } from '@mantine/core'
import type { Task } from '../../../../../contract/client-tasks'
import type { TaskOrderingField } from '../../../../../contract/list-params'
import type { Ordering } from '../../../../../contract/query'
import { TableScroller } from '../../../../ui/DataTable'
import { RouterAnchor } from '../../../../ui/links'
import { ClientGroupBadge } from '../../client-group-badge'
import { formatDate, formatDateTime } from '../format'
import { TaskProgress } from '../TaskProgress'
import { TaskStatusBadge } from '../TaskStatusBadge'
import { SortableTh } from '../table/SortableTh'

type TaskTableProps = {
  tasks: Task[]
  ordering: string
  onOrder: (ordering: Ordering<TaskOrderingField>) => void
  selected: ReadonlySet<number>
  onSelect: (selected: Set<number>) => void
}

/** One page of tasks; rows are selected for bulk actions, headers order the list. */
export function TaskTable({ tasks, ordering, onOrder, selected, onSelect }: TaskTableProps) {
  const { t } = useLingui()
  const allSelected = tasks.length > 0 && tasks.every((task) => selected.has(task.id))
  const someSelected = tasks.some((task) => selected.has(task.id))
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected)
    if (checked) next.add(id)
    else next.delete(id)
    onSelect(next)
  }
  const sortable = (field: TaskOrderingField, label: string) => (
    <SortableTh field={field} ordering={ordering} onOrder={onOrder}>
      {label}
    </SortableTh>
  )

  return (
    <TableScroller minWidth={1100}>
      <Table aria-label={t`Tasks`} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t`Select every task on this page`}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) =>
                  onSelect(new Set(event.currentTarget.checked ? tasks.map((task) => task.id) : []))
                }
              />
            </Table.Th>
            {sortable('id', t`Id`)}
            {sortable('description', t`Description`)}
            <Table.Th>
              <Trans>Task type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Client group</Trans>
            </Table.Th>
            {sortable('status', t`Status`)}
            {sortable('progress', t`Progress`)}
            <Table.Th>
              <Trans>Items done</Trans>
            </Table.Th>
            {sortable('created', t`Created`)}
            {sortable('deadline', t`Deadline`)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => {
            const taskId = task.id
            return (
              <Table.Tr
                key={taskId}
                bg={selected.has(taskId) ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={t`Select task #${taskId}`}
                    checked={selected.has(taskId)}
                    onChange={(event) => toggle(taskId, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{taskId}</Table.Td>
                <Table.Td maw={280}>
                  <RouterAnchor
                    to="/client/tasks/$taskId/panel"
                    params={{ taskId: String(taskId) }}
                    lineClamp={2}
                  >
                    {task.description || t`Task #${taskId}`}
                  </RouterAnchor>
                </Table.Td>
                <Table.Td>{task.task_type.name}</Table.Td>
                {/* Badges shrink to an ellipsis in a squeezed column; these keep their words. */}
                <Table.Td w={130}>
                  <ClientGroupBadge group={task.task_type.client_group} />
                </Table.Td>
                <Table.Td w={130}>
                  <TaskStatusBadge status={task.status} />
                </Table.Td>
                <Table.Td miw={140}>
                  <TaskProgress value={task.progress} label={t`Progress of task #${taskId}`} />
                </Table.Td>
                <Table.Td>
                  {task.items.done} / {task.items.total}
                </Table.Td>
                <Table.Td title={formatDateTime(task.created_timestamp)}>
                  {formatDate(task.created_timestamp)}
                </Table.Td>
                <Table.Td>
                  {task.deadline ? (
                    <span title={formatDateTime(task.deadline)}>{formatDate(task.deadline)}</span>
                  ) : (
                    <Text c="dimmed" span>
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </TableScroller>
  )
}
