import { Trans, useLingui } from '@lingui/react/macro'
import { Container, Group, Stack, Title } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { RouterButton } from '../../ui/links'
import { useSignedInUser } from '../auth/hooks'

function SectionLink({
  to,
  children,
}: {
  to: '/user' | '/user/password' | '/user/settings' | '/user/tokens'
  children: ReactNode
}) {
  return (
    <RouterButton
      to={to}
      variant="subtle"
      activeOptions={{ exact: true, includeSearch: false }}
      activeProps={{ variant: 'light' }}
    >
      {children}
    </RouterButton>
  )
}

/** /user: the account sections; the password one only for traditional accounts (spec 6). */
export function UserPanelLayout() {
  const { t } = useLingui()
  const user = useSignedInUser()
  return (
    <Container size="md" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          <Trans>Your account</Trans>
        </Title>
        <Group component="nav" aria-label={t`Account sections`} gap="xs">
          <SectionLink to="/user">
            <Trans>Profile</Trans>
          </SectionLink>
          {user?.is_traditional_account && (
            <SectionLink to="/user/password">
              <Trans>Change password</Trans>
            </SectionLink>
          )}
          <SectionLink to="/user/settings">
            <Trans>Settings</Trans>
          </SectionLink>
          <SectionLink to="/user/tokens">
            <Trans>API tokens</Trans>
          </SectionLink>
        </Group>
        <Outlet />
      </Stack>
    </Container>
  )
}
