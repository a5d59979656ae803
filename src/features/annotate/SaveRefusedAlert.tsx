import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Rejection } from '../../offline/db'
import { retryRejection } from '../../offline/outbox'
import { RouterAnchor, RouterButton } from '../../ui/links'
import { refusalReason } from './RejectionList'
import { discardChange, rejectedAnnotation } from './sync'

/**
 * The spec's 'Annotation save failure' for the item set on screen, once for all its refused
 * saves: which items, why, the way back to the tasks list, and retrying or discarding them.
 * Rendered in the set's sticky header, so it stays in view wherever the worker is.
 */
export function SaveRefusedAlert({ rejections }: { rejections: Rejection[] }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (rejections.length === 0) return null

  const itemIds = [
    ...new Set(rejections.map((rejection) => rejectedAnnotation(rejection)?.itemId)),
  ].filter((id) => id !== undefined)
  const items = itemIds.map((id) => `#${id}`).join(', ')
  const title =
    itemIds.length === 1
      ? t`Unable to save annotation for item #${itemIds[0]}`
      : t`Unable to save annotations for items ${items}`
  const reasons = [...new Set(rejections.map((rejection) => i18n._(refusalReason(rejection))))]
  const actOnAll = (action: (rejection: Rejection) => Promise<void>) => {
    setBusy(true)
    Promise.all(rejections.map(action)).finally(() => setBusy(false))
  }

  return (
    <Alert
      color="red"
      variant="filled"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={
        // The spec: clicking the message returns to the tasks list.
        <RouterAnchor to="/tasks" c="inherit" fw={700} underline="always">
          {title}
        </RouterAnchor>
      }
    >
      <Stack gap={6}>
        {reasons.map((reason) => (
          <Text size="sm" key={reason}>
            {reason}
          </Text>
        ))}
        <Group gap="xs">
          <RouterButton to="/tasks" size="xs" variant="white" color="red">
            <Trans>Back to the tasks</Trans>
          </RouterButton>
          <Button
            size="xs"
            variant="outline"
            color="white"
            loading={busy}
            onClick={() => actOnAll((rejection) => retryRejection(rejection.id))}
          >
            <Trans>Retry</Trans>
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="white"
            disabled={busy}
            onClick={() => actOnAll((rejection) => discardChange(queryClient, rejection))}
          >
            {plural(rejections.length, {
              one: 'Discard the change',
              other: 'Discard the # changes',
            })}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
