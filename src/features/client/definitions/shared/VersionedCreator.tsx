import { useLingui } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { VersionedEntity, VersionedKind } from '../../queries/definitions'
import { useDefinitionCreated } from './definition-navigation'
import { VERSIONED_WORDING } from './versioned-wording'

type VersionedCreatorProps<K extends VersionedKind> = {
  kind: K
  /** The create form, told what to do once the new definition is saved. */
  form: (onSaved: (created: VersionedEntity<K>) => void) => ReactNode
}

/** The page creating a schema or protocol; once saved, its own page opens. */
export function VersionedCreator<K extends VersionedKind>({
  kind,
  form,
}: VersionedCreatorProps<K>) {
  const { i18n } = useLingui()
  const created = useDefinitionCreated(kind)
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {i18n._(VERSIONED_WORDING[kind].creatorTitle)}
      </Title>
      {form(created)}
    </Stack>
  )
}
