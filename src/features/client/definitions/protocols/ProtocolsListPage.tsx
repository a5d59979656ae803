import { Trans, useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { versionedListQuery } from '../../queries/definitions'
import { DefinitionList } from '../shared/DefinitionList'
import { useListState } from '../shared/list-state'
import { versionedColumns } from '../shared/versioned-columns'

/** client_tasks_protocols: the newest version of each protocol. */
export function ProtocolsListPage() {
  const { t } = useLingui()
  const state = useListState()
  const result = useQuery(versionedListQuery('task-protocols', state.query))
  const columns = versionedColumns<'task-protocols'>(
    (protocol) => (
      <RouterAnchor
        to="/client/tasks-definitions/task-protocols/$taskProtocolId"
        params={{ taskProtocolId: String(protocol.id) }}
      >
        {protocol.name}
      </RouterAnchor>
    ),
    [
      {
        key: 'type',
        header: <Trans>Type</Trans>,
        cell: (protocol) => (
          <Badge variant="outline" color={protocol.serving_type === 'PDF' ? 'red' : 'blue'}>
            {protocol.serving_type}
          </Badge>
        ),
      },
    ],
  )

  return (
    <DefinitionList
      title={<Trans>Task Protocols</Trans>}
      label={t`Task protocols`}
      actions={
        <RouterButton
          to="/client/tasks-definitions/task-protocols/creator"
          search={{ client_group: state.clientGroup ?? undefined }}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          <Trans>New protocol</Trans>
        </RouterButton>
      }
      state={state}
      result={result}
      columns={columns}
      emptyTitle={<Trans>No task protocols yet</Trans>}
    />
  )
}
