import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { DataColumn } from '../../../../ui/DataTable'
import {
  type VersionedEntity,
  type VersionedKind,
  versionedListQuery,
} from '../../queries/definitions'
import { DefinitionList } from './DefinitionList'
import { NewDefinitionButton } from './definition-links'
import { useListState } from './list-state'
import { versionedColumns } from './versioned-columns'
import { VERSIONED_WORDING } from './versioned-wording'

type VersionedListProps<K extends VersionedKind> = {
  kind: K
  /** Columns of this kind only, after the name. */
  extraColumns?: DataColumn<VersionedEntity<K>>[]
}

/** The list of schemas or protocols: the newest version of each. */
export function VersionedList<K extends VersionedKind>({
  kind,
  extraColumns,
}: VersionedListProps<K>) {
  const { i18n } = useLingui()
  const state = useListState()
  const result = useQuery(versionedListQuery(kind, state.query))
  const wording = VERSIONED_WORDING[kind]
  return (
    <DefinitionList
      title={i18n._(wording.listTitle)}
      label={i18n._(wording.listLabel)}
      actions={
        <NewDefinitionButton kind={kind} clientGroup={state.clientGroup}>
          {i18n._(wording.newOne)}
        </NewDefinitionButton>
      }
      state={state}
      result={result}
      columns={versionedColumns(kind, extraColumns)}
      emptyTitle={i18n._(wording.emptyList)}
    />
  )
}
