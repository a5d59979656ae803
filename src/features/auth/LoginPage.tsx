import { Trans, useLingui } from '@lingui/react/macro'
import './login-page.css'
import { Box, Button, Container, Divider, Paper, Stack, Text, Title } from '@mantine/core'
import { useDisclosure, useId } from '@mantine/hooks'
import { IconKey, IconUser } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import { API_BASE } from '../../../contract/constants'
import { whenPageSettled } from '../../ui/deferred/page-settled'
import { lazyNamed } from '../../ui/lazy-named'
import { instanceSettingsQuery } from './queries'
import { rememberRedirect } from './redirect'

// The sign-in page comes with the start-up script (it is the first screen of most visits); its
// password form, closed until asked for, follows once the page has settled (only where the page
// is shown: the module is in the start-up script of every page).
const loadPasswordForm = () => import('./PasswordSignInForm')
const PasswordSignInForm = lazyNamed(loadPasswordForm, 'PasswordSignInForm')
// Shown only on arrival from another page, so not part of the start-up script either.
const LoginNoticeAlert = lazyNamed(() => import('./LoginNoticeAlert'), 'LoginNoticeAlert')

const SINGLE_SIGN_ON_LOGIN_PATH = `${API_BASE}/auth/oidc/login/`

/** What brought the user to sign in, told on this page (the `notice` search value). */
export const LOGIN_NOTICES = ['registered', 'password_set', 'sso_unfinished'] as const
export type LoginNotice = (typeof LOGIN_NOTICES)[number]

type LoginPageProps = {
  /** From /login/$username: prefills the form and opens it. */
  username?: string
  redirect?: string
  /** Shown above the sign-in until dismissed: a toast would be gone before it was read. */
  notice?: LoginNotice
}

/** Translated labels can be long: let them wrap instead of being cut off. */
const wrappingLabel = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
}

export function LoginPage({ username, redirect, notice }: LoginPageProps) {
  const [formOpened, { toggle }] = useDisclosure(Boolean(username))
  const formId = useId()
  useEffect(() => {
    whenPageSettled(() => void loadPasswordForm())
  }, [])

  return (
    <Container size={440} py="xl" px="md">
      <Paper withBorder shadow="sm" p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2" ta="center">
            <Trans>Sign in</Trans>
          </Title>
          {notice && (
            <Suspense fallback={null}>
              <LoginNoticeAlert notice={notice} />
            </Suspense>
          )}
          <SingleSignOnButton redirect={redirect} />
          <Divider label={<Trans>or</Trans>} labelPosition="center" />
          <Button
            variant="default"
            styles={wrappingLabel}
            leftSection={<IconUser size={18} aria-hidden />}
            onClick={toggle}
            aria-expanded={formOpened}
            aria-controls={formId}
          >
            <Trans>Sign in with username and password</Trans>
          </Button>
          <Box id={formId} className="password-form-reveal">
            {formOpened && (
              <Suspense fallback={null}>
                <PasswordSignInForm initialUsername={username} redirect={redirect} />
              </Suspense>
            )}
          </Box>
        </Stack>
      </Paper>
    </Container>
  )
}

function SingleSignOnButton({ redirect }: { redirect?: string }) {
  const { t } = useLingui()
  const hintId = useId()
  const settings = useQuery(instanceSettingsQuery())
  const providerName = settings.data?.sso_provider_name
  const label = providerName ? t`Sign in with ${providerName}` : t`Sign in with single sign-on`
  const icon = <IconKey size={18} aria-hidden />

  // While the settings load (or if they cannot), the server decides: it sends the visitor to the
  // failure page when single sign-on is not configured.
  if (settings.data?.sso_enabled === false) {
    return (
      <Stack gap={4}>
        <Button leftSection={icon} styles={wrappingLabel} disabled aria-describedby={hintId}>
          {label}
        </Button>
        <Text id={hintId} size="xs" c="dimmed" ta="center">
          <Trans>Single sign-on is not configured on this instance.</Trans>
        </Text>
      </Stack>
    )
  }
  return (
    <Button
      component="a"
      href={SINGLE_SIGN_ON_LOGIN_PATH}
      styles={wrappingLabel}
      leftSection={icon}
      onClick={() => rememberRedirect(redirect)}
    >
      {label}
    </Button>
  )
}
