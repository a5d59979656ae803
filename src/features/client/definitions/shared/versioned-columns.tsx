import { Plural, Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatDateTime } from '../../../account/format'
import { ClientGroupBadge } from '../../client-group-badge'
import type { VersionedEntity, VersionedKind } from '../../queries/definitions'
import type { Column } from './DefinitionList'

/**
 * The columns schema and protocol lists share: name (a link to the version), version, client
 * group, author, creation time and what uses it. `extra` columns go after the name.
 */
export function versionedColumns<K extends VersionedKind>(
  nameLink: (row: VersionedEntity<K>) => ReactNode,
  extra: Column<VersionedEntity<K>>[] = [],
): Column<VersionedEntity<K>>[] {
  return [
    { key: 'name', header: <Trans>Name</Trans>, cell: nameLink },
    ...extra,
    { key: 'version', header: <Trans>Version</Trans>, cell: (row) => row.version },
    {
      key: 'group',
      header: <Trans>Client group</Trans>,
      cell: (row) => <ClientGroupBadge group={row.client_group} />,
    },
    { key: 'author', header: <Trans>Author</Trans>, cell: (row) => row.author?.username ?? '—' },
    {
      key: 'created',
      header: <Trans>Created</Trans>,
      cell: (row) => formatDateTime(row.created_timestamp),
    },
    {
      key: 'usage',
      header: <Trans>Used by</Trans>,
      cell: (row) => (
        <>
          <Plural value={row.task_types.length} one="# task type" other="# task types" />
          {', '}
          <Plural value={row.tasks.length} one="# task" other="# tasks" />
        </>
      ),
    },
  ]
}
