import { Trans, useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  TASK_TYPE_STATUSES,
  type TaskTypeEntity,
  type TaskTypeStatus,
} from '../../../../../contract/client-definitions'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { ClientGroupBadge } from '../../client-group-badge'
import { taskTypeListQuery } from '../../queries/definitions'
import { type Column, DefinitionList } from '../shared/DefinitionList'
import { useListState } from '../shared/list-state'
import { useStatusLabels } from './status'
import { TaskTypeStatusBadge, VersionName } from './TaskTypeBadges'

/** client_task_types */
export function TaskTypesListPage() {
  const { t } = useLingui()
  const statusLabels = useStatusLabels()
  const [status, setStatus] = useState<TaskTypeStatus | null>(null)
  const state = useListState({ status: status ?? undefined })
  const result = useQuery(taskTypeListQuery(state.query))

  const columns: Column<TaskTypeEntity>[] = [
    {
      key: 'name',
      header: <Trans>Name</Trans>,
      cell: (type) => (
        <RouterAnchor
          to="/client/tasks-definitions/task-types/$taskTypeId"
          params={{ taskTypeId: String(type.id) }}
        >
          {type.name}
        </RouterAnchor>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (type) => <TaskTypeStatusBadge status={type.status} />,
    },
    {
      key: 'group',
      header: <Trans>Client group</Trans>,
      cell: (type) => <ClientGroupBadge group={type.client_group} />,
    },
    {
      key: 'schema',
      header: <Trans>Schema</Trans>,
      cell: (type) => <VersionName version={type.schema} />,
    },
    {
      key: 'protocol',
      header: <Trans>Protocol</Trans>,
      cell: (type) => <VersionName version={type.protocol} />,
    },
    { key: 'active', header: <Trans>Active tasks</Trans>, cell: (type) => type.active_tasks },
    { key: 'archived', header: <Trans>Archived tasks</Trans>, cell: (type) => type.archived_tasks },
    {
      key: 'removable',
      header: <Trans>Removable</Trans>,
      cell: (type) => (type.removable ? t`Yes` : t`No`),
    },
  ]

  return (
    <DefinitionList
      title={<Trans>Task Types</Trans>}
      label={t`Task types`}
      actions={
        <RouterButton
          to="/client/tasks-definitions/task-types/creator"
          search={{ client_group: state.clientGroup ?? undefined }}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          <Trans>New task type</Trans>
        </RouterButton>
      }
      filters={
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          data={TASK_TYPE_STATUSES.map((value) => ({ value, label: statusLabels[value] }))}
          value={status}
          onChange={(value) => setStatus(value as TaskTypeStatus | null)}
          clearable
          w={{ base: '100%', sm: 160 }}
        />
      }
      state={state}
      result={result}
      columns={columns}
      emptyTitle={<Trans>No task types yet</Trans>}
    />
  )
}
