import { Trans } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ClientGroup } from '../../../../../contract/client-groups'
import type { VersionedKind } from '../../queries/definitions'
import { useVersionSaved } from './definition-navigation'
import { VersionedHeader } from './VersionedHeader'
import { UsedVersionNotice } from './VersionNotices'

type Versioned = {
  id: number
  name: string
  version: number
  client_group: ClientGroup
  next_version: number | null
  tasks: unknown[]
}

type VersionedSettingsProps<T extends Versioned> = {
  kind: VersionedKind
  entity: T
  title: ReactNode
  remove: () => Promise<unknown>
  /** The edit form, told what to do once saved. */
  form: (onSaved: (saved: T) => void) => ReactNode
}

/**
 * The settings page of a schema or protocol version: delete, and edit when it is the newest
 * version, saying first what saving will do when tasks use it.
 */
export function VersionedSettings<T extends Versioned>({
  kind,
  entity,
  title,
  remove,
  form,
}: VersionedSettingsProps<T>) {
  const versionSaved = useVersionSaved(kind)
  return (
    <Stack gap="lg">
      <VersionedHeader kind={kind} entity={entity} title={title} remove={remove} page="settings" />
      {entity.next_version === null && (
        <>
          <UsedVersionNotice version={entity.version} tasks={entity.tasks.length} />
          <Title order={2} size="h4">
            <Trans>Edit</Trans>
          </Title>
          {form((saved) => versionSaved(entity, saved))}
        </>
      )}
    </Stack>
  )
}
