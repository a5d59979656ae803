import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { IconCloudOff } from '@tabler/icons-react'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { ApiError } from '../../api/client'
import { RouterButton } from '../../ui/links'
import { MessagePage } from '../../ui/MessagePage'
import { RouteErrorPage } from '../shell/StatusPages'

/**
 * The annotation screen could not open: offline with no copy of the set on this device says so
 * plainly; anything else is the app's usual error page.
 */
export function ItemSetUnavailable(props: ErrorComponentProps) {
  const router = useRouter()
  if (!(props.error instanceof ApiError && props.error.status === 0)) {
    return <RouteErrorPage {...props} />
  }
  return (
    <MessagePage
      icon={<IconCloudOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />}
      title={<Trans>This item set is not on this device</Trans>}
      actions={
        <Group justify="center">
          <Button
            onClick={() => {
              props.reset()
              void router.invalidate()
            }}
          >
            <Trans>Try again</Trans>
          </Button>
          <RouterButton to="/tasks" variant="light">
            <Trans>Back to the tasks</Trans>
          </RouterButton>
        </Group>
      }
    >
      <Trans>You are offline, and the item set was never opened here. Connect to open it.</Trans>
    </MessagePage>
  )
}
