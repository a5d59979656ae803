import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Rejection } from '../../offline/db'
import { retryRejection } from '../../offline/outbox'
import { RouterAnchor } from '../../ui/links'
import { discardChange, rejectedAnnotation } from './sync'

/** The reasons of the spec's 'Annotation save failure' (section 8), by the server's error code. */
const ANNOTATION_REASONS: Record<string, MessageDescriptor> = {
  lock_expired: msg`The item set expired: refresh it or fetch a new one.`,
  task_finished: msg`The task already finished.`,
}
const UNEXPECTED = msg`An unexpected server error occurred.`

/** Why the server refused an annotation save, in the spec's words. */
export function refusalReason(rejection: Rejection): MessageDescriptor {
  return ANNOTATION_REASONS[rejection.error.code] ?? UNEXPECTED
}

function describeRejection(rejection: Rejection): {
  title: MessageDescriptor
  reason: MessageDescriptor
} {
  const save = rejectedAnnotation(rejection)
  if (!save) return { title: msg`A change could not be saved`, reason: UNEXPECTED }
  return {
    title: msg`Unable to save annotation for item #${save.itemId}`,
    reason: refusalReason(rejection),
  }
}

function RejectionAlert({ rejection }: { rejection: Rejection }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const { title, reason } = describeRejection(rejection)
  const act = (action: () => Promise<void>) => {
    setBusy(true)
    action().finally(() => setBusy(false))
  }

  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        // The spec: clicking the message returns to the tasks list.
        <RouterAnchor to="/tasks" c="inherit" fw={700}>
          {i18n._(title)}
        </RouterAnchor>
      }
    >
      <Stack gap={6}>
        <Text size="sm">{i18n._(reason)}</Text>
        {rejection.error.detail && (
          <Text size="xs" c="dimmed">
            {rejection.error.detail}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={busy}
            onClick={() => act(() => retryRejection(rejection.id))}
          >
            <Trans>Retry</Trans>
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => act(() => discardChange(queryClient, rejection))}
          >
            <Trans>Discard the change</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/**
 * Changes the server refused for good. Each stays listed, with its reason, until the worker
 * retries or discards it: nothing is dropped silently.
 */
export function RejectionList({ rejections }: { rejections: Rejection[] }) {
  if (rejections.length === 0) return null
  return (
    <Stack gap="xs">
      {rejections.map((rejection) => (
        <RejectionAlert key={rejection.id} rejection={rejection} />
      ))}
    </Stack>
  )
}
