import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { ClientGroup } from '../../../../../contract/client-groups'
import type { VersionedKind } from '../../queries/definitions'
import { DefinitionHeader } from './DefinitionHeader'
import { DeleteDefinition } from './DeleteDefinition'
import { DefinitionLink, type DefinitionPage } from './definition-links'

type VersionedHeaderProps = {
  kind: VersionedKind
  entity: {
    id: number
    name: string
    version: number
    client_group: ClientGroup
    next_version: number | null
  }
  title: ReactNode
  remove: () => Promise<unknown>
  /** Buttons before Delete. */
  actions?: ReactNode
  /** Which page of the version this is; the notice links the same page of the newer version. */
  page: DefinitionPage
}

/** The top of a schema or protocol version's page: Delete, and a link on to a newer version. */
export function VersionedHeader({
  kind,
  entity,
  title,
  remove,
  actions,
  page,
}: VersionedHeaderProps) {
  return (
    <DefinitionHeader
      title={title}
      name={entity.name}
      version={entity.version}
      clientGroup={entity.client_group}
      actions={
        <>
          {actions}
          <DeleteDefinition kind={kind} name={entity.name} remove={remove} />
        </>
      }
      newerVersion={
        entity.next_version !== null && (
          <DefinitionLink kind={kind} id={entity.next_version} page={page}>
            <Trans>the newer version</Trans>
          </DefinitionLink>
        )
      }
    />
  )
}
