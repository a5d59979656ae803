import { Trans, useLingui } from '@lingui/react/macro'
import { IconPlus } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import { versionedListQuery } from '../../queries/definitions'
import { DefinitionList } from '../shared/DefinitionList'
import { useListState } from '../shared/list-state'
import { versionedColumns } from '../shared/versioned-columns'

/** client_task_schemas: the newest version of each schema. */
export function SchemasListPage() {
  const { t } = useLingui()
  const state = useListState()
  const result = useQuery(versionedListQuery('task-schemas', state.query))
  const columns = versionedColumns<'task-schemas'>((schema) => (
    <RouterAnchor
      to="/client/tasks-definitions/task-schemas/$taskSchemaId"
      params={{ taskSchemaId: String(schema.id) }}
    >
      {schema.name}
    </RouterAnchor>
  ))

  return (
    <DefinitionList
      title={<Trans>Task Schemas</Trans>}
      label={t`Task schemas`}
      actions={
        <RouterButton
          to="/client/tasks-definitions/task-schemas/creator"
          search={{ client_group: state.clientGroup ?? undefined }}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          <Trans>New schema</Trans>
        </RouterButton>
      }
      state={state}
      result={result}
      columns={columns}
      emptyTitle={<Trans>No task schemas yet</Trans>}
    />
  )
}
