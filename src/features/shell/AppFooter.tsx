import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Badge, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { API_INDEX_PATH } from '../../../contract/constants'
import { isRegularUser } from '../../../contract/roles'
import { OnDemandTooltip } from '../../ui/OnDemandTooltip'
import { usePermissions, useSignedInUser } from '../auth/hooks'
import { instanceSettingsQuery, type PolicyKind } from '../auth/queries'
import { openPolicyPreview } from '../policies'

export function AppFooter() {
  const { t } = useLingui()
  const user = useSignedInUser()
  const permissions = usePermissions()
  const settings = useQuery(instanceSettingsQuery())

  const frontendVersion = __APP_VERSION__
  const backendVersion = settings.isError ? t`unknown` : (settings.data?.backend_version ?? '…')
  // Confidential only when the instance says so: an absent answer counts as public, and so does
  // the time before the answer, which also keeps the footer from growing under the page.
  const isPublicInstance = !(settings.isSuccess && settings.data.public_instance === false)

  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="md">
        <Text size="xs" c="dimmed">
          <Trans>Front-end {frontendVersion}</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          <Trans>Back-end {backendVersion}</Trans>
        </Text>
        {isPublicInstance && (
          <OnDemandTooltip
            label={t`Public instance only for non-sensitive and non-confidential data!`}
            multiline
            maw={260}
          >
            <Badge color="orange" variant="light" tabIndex={0}>
              <Trans>Public instance!</Trans>
            </Badge>
          </OnDemandTooltip>
        )}
      </Group>
      <Group gap="md">
        <PolicyLink kind="information-clause">
          <Trans>Privacy Policy</Trans>
        </PolicyLink>
        {user && (
          <PolicyLink kind="cookie-policy">
            <Trans>Cookie Policy</Trans>
          </PolicyLink>
        )}
        {user && !isRegularUser(permissions) && (
          <Anchor href={API_INDEX_PATH} target="_blank" rel="noopener noreferrer" size="xs">
            <Trans>API</Trans>
          </Anchor>
        )}
      </Group>
    </Group>
  )
}

function PolicyLink({ kind, children }: { kind: PolicyKind; children: ReactNode }) {
  return (
    <Anchor component="button" type="button" size="xs" onClick={() => openPolicyPreview(kind)}>
      {children}
    </Anchor>
  )
}
