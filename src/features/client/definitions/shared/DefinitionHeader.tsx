import { Trans } from '@lingui/react/macro'
import { Alert, Badge, Group, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { ClientGroup } from '../../../../../contract/client-groups'
import { ClientGroupBadge } from '../../client-group-badge'

type DefinitionHeaderProps = {
  title: ReactNode
  name: string
  version?: number
  clientGroup: ClientGroup
  /** Buttons: settings, preview, delete. */
  actions?: ReactNode
  /** A link to the version that replaced this one, when it is not the newest. */
  newerVersion?: ReactNode
}

/** The top of a definition page: what it is, its name, version and client group, and actions. */
export function DefinitionHeader({
  title,
  name,
  version,
  clientGroup,
  actions,
  newerVersion,
}: DefinitionHeaderProps) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}: {name}
          </Title>
          <Group gap="xs">
            {version !== undefined && (
              <Badge variant="outline" color="gray">
                <Trans>version {version}</Trans>
              </Badge>
            )}
            <ClientGroupBadge group={clientGroup} />
          </Group>
        </Stack>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {newerVersion && (
        <Alert color="yellow" title={<Trans>This is not the newest version</Trans>}>
          <Trans>
            A newer version replaced this one; tasks made before keep it. Open {newerVersion}.
          </Trans>
        </Alert>
      )}
    </Stack>
  )
}
