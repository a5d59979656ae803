import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { IconError404, IconLock, IconMoodSad } from '@tabler/icons-react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { RouterButton } from '../../ui/links'
import { MessagePage } from '../../ui/MessagePage'

const ICON_PROPS = { size: 48, color: 'var(--mantine-color-gray-5)', 'aria-hidden': true } as const

function ReturnHome() {
  return (
    <RouterButton to="/" variant="light">
      <Trans>Return home</Trans>
    </RouterButton>
  )
}

export function PermissionDeniedPage() {
  return (
    <MessagePage
      icon={<IconLock {...ICON_PROPS} />}
      title={<Trans>Permission denied</Trans>}
      actions={<ReturnHome />}
    >
      <Trans>You do not have permission to open this page.</Trans>
    </MessagePage>
  )
}

export function NotFoundPage() {
  return (
    <MessagePage
      icon={<IconError404 {...ICON_PROPS} />}
      title={<Trans>Page not found</Trans>}
      actions={<ReturnHome />}
    >
      <Trans>The page you are looking for does not exist or has moved.</Trans>
    </MessagePage>
  )
}

/** Shown in place of a page that failed to load; the rest of the app keeps working. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorBoundary = useQueryErrorResetBoundary()

  function retry() {
    queryErrorBoundary.reset()
    reset()
    void router.invalidate()
  }

  return (
    <MessagePage
      icon={<IconMoodSad {...ICON_PROPS} />}
      title={<Trans>Something went wrong</Trans>}
      actions={
        <Group justify="center">
          <Button onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
          <ReturnHome />
        </Group>
      }
    >
      <Trans>This page could not be shown. Try again, or come back a little later.</Trans>
      {error instanceof Error && error.message && (
        <Text size="xs" mt="sm" c="dimmed" ff="monospace">
          {error.message}
        </Text>
      )}
    </MessagePage>
  )
}
