import { Trans } from '@lingui/react/macro'
import { IconPlus, IconSettings } from '@tabler/icons-react'
import { linkOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouterAnchor, RouterButton } from '../../../../ui/links'
import type { DefinitionKind } from './definition-navigation'

export type DefinitionPage = 'details' | 'settings'

/** Where a definition's page (or its settings) is, as router link options. */
function definitionPage(kind: DefinitionKind, id: number, page: DefinitionPage = 'details') {
  const settings = page === 'settings'
  if (kind === 'task-schemas') {
    return linkOptions({
      to: settings
        ? '/client/tasks-definitions/task-schemas/$taskSchemaId/settings'
        : '/client/tasks-definitions/task-schemas/$taskSchemaId',
      params: { taskSchemaId: String(id) },
    })
  }
  if (kind === 'task-protocols') {
    return linkOptions({
      to: settings
        ? '/client/tasks-definitions/task-protocols/$taskProtocolId/settings'
        : '/client/tasks-definitions/task-protocols/$taskProtocolId',
      params: { taskProtocolId: String(id) },
    })
  }
  return linkOptions({
    to: settings
      ? '/client/tasks-definitions/task-types/$taskTypeId/settings'
      : '/client/tasks-definitions/task-types/$taskTypeId',
    params: { taskTypeId: String(id) },
  })
}

/** Where a new definition is made, in the client group the list shows. */
function definitionCreator(kind: DefinitionKind, clientGroup: number | null) {
  const search = { client_group: clientGroup ?? undefined }
  if (kind === 'task-schemas') {
    return linkOptions({ to: '/client/tasks-definitions/task-schemas/creator', search })
  }
  if (kind === 'task-protocols') {
    return linkOptions({ to: '/client/tasks-definitions/task-protocols/creator', search })
  }
  return linkOptions({ to: '/client/tasks-definitions/task-types/creator', search })
}

type DefinitionLinkProps = {
  kind: DefinitionKind
  id: number
  page?: DefinitionPage
  children: ReactNode
}

export function DefinitionLink({ kind, id, page, children }: DefinitionLinkProps) {
  return <RouterAnchor {...definitionPage(kind, id, page)}>{children}</RouterAnchor>
}

/** Opens the settings of a definition (for a schema or protocol, of its newest version). */
export function SettingsButton({ kind, id }: { kind: DefinitionKind; id: number }) {
  return (
    <RouterButton
      {...definitionPage(kind, id, 'settings')}
      variant="light"
      leftSection={<IconSettings size={16} aria-hidden />}
    >
      <Trans>Settings</Trans>
    </RouterButton>
  )
}

/** A list's create button. */
export function NewDefinitionButton({
  kind,
  clientGroup,
  children,
}: {
  kind: DefinitionKind
  clientGroup: number | null
  children: ReactNode
}) {
  return (
    <RouterButton
      {...definitionCreator(kind, clientGroup)}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {children}
    </RouterButton>
  )
}
