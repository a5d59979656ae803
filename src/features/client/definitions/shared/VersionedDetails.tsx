import { Trans } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import type { VersionedEntity, VersionedKind } from '../../queries/definitions'
import { DefinitionFacts } from './DefinitionFacts'
import { DefinitionLink, SettingsButton } from './definition-links'
import { UsagePanel } from './UsagePanel'
import { VersionedHeader } from './VersionedHeader'
import { VersionHistory } from './VersionHistory'
import { NewVersionNotice } from './VersionNotices'

type VersionedDetailsProps<K extends VersionedKind> = {
  kind: K
  entity: VersionedEntity<K>
  title: ReactNode
  /** Set after an edit made this version: the version it replaced. */
  replacedVersion?: number
  remove: () => Promise<unknown>
  /** Buttons before Settings and Delete (a protocol's preview). */
  actions?: ReactNode
  facts: { label: ReactNode; value: ReactNode }[]
  /** The version's content, between its facts and what uses it. */
  children: ReactNode
  /** What else a previous version shows (a protocol's changes). */
  versionExtra?: (version: VersionedEntity<K>) => ReactNode
}

/**
 * The page of a schema or protocol version: its header (settings on the newest version only),
 * facts and content, then the task types and tasks using it and the versions it replaced.
 */
export function VersionedDetails<K extends VersionedKind>({
  kind,
  entity,
  title,
  replacedVersion,
  remove,
  actions,
  facts,
  children,
  versionExtra,
}: VersionedDetailsProps<K>) {
  return (
    <Stack gap="lg">
      <VersionedHeader
        kind={kind}
        entity={entity}
        title={title}
        remove={remove}
        page="details"
        actions={
          <>
            {actions}
            {entity.next_version === null && <SettingsButton kind={kind} id={entity.id} />}
          </>
        }
      />
      <NewVersionNotice version={entity.version} replaced={replacedVersion} />
      <DefinitionFacts facts={facts} />
      {children}
      <UsagePanel taskTypes={entity.task_types} tasks={entity.tasks} />
      <VersionHistory
        kind={kind}
        id={entity.id}
        link={(version) => (
          <DefinitionLink kind={kind} id={version.id}>
            <Trans>Version {version.version}</Trans>
          </DefinitionLink>
        )}
        extra={versionExtra}
      />
    </Stack>
  )
}
