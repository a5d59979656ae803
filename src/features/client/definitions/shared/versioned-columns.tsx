import { Plural, Trans } from '@lingui/react/macro'
import type { DataColumn } from '../../../../ui/DataTable'
import { formatDateTime } from '../../../account/format'
import { ClientGroupBadge } from '../../client-group-badge'
import type { VersionedEntity, VersionedKind } from '../../queries/definitions'
import { DefinitionLink } from './definition-links'

type Authored = { author: { username: string } | null; created_timestamp: string }

/** Who made a version and when, as the lists and the version histories show it. */
export function authorshipColumns<T extends Authored>(): DataColumn<T>[] {
  return [
    { key: 'author', header: <Trans>Author</Trans>, cell: (row) => row.author?.username ?? '—' },
    {
      key: 'created',
      header: <Trans>Created</Trans>,
      cell: (row) => formatDateTime(row.created_timestamp),
    },
  ]
}

/**
 * The columns schema and protocol lists share: name (a link to the version), version, client
 * group, author, creation time and what uses it. `extra` columns go after the name.
 */
export function versionedColumns<K extends VersionedKind>(
  kind: K,
  extra: DataColumn<VersionedEntity<K>>[] = [],
): DataColumn<VersionedEntity<K>>[] {
  return [
    {
      key: 'name',
      header: <Trans>Name</Trans>,
      cell: (row) => (
        <DefinitionLink kind={kind} id={row.id}>
          {row.name}
        </DefinitionLink>
      ),
    },
    ...extra,
    { key: 'version', header: <Trans>Version</Trans>, cell: (row) => row.version },
    {
      key: 'group',
      header: <Trans>Client group</Trans>,
      cell: (row) => <ClientGroupBadge group={row.client_group} />,
    },
    ...authorshipColumns<VersionedEntity<K>>(),
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
