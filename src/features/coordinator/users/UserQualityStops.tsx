import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { QualityStop } from '../../../../contract/coordinator-users'
import { FormError } from '../../../ui/forms/FormError'
import { submissionErrors } from '../../../ui/forms/form-errors'
import { notifySuccess } from '../../../ui/notify'
import { formatDateTime } from '../../account/format'
import { coordinatorKeys } from '../queries'
import { qualityStopsQueryOptions, releaseQualityStop } from './queries'

/**
 * The task types the quality gate stopped the user from, and those they were let back into; a
 * stop that holds has "Let back in". Nothing when the gate never stopped them.
 */
export function UserQualityStops({ userId }: { userId: number }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const stops = useQuery(qualityStopsQueryOptions(userId))
  const release = useMutation({
    mutationFn: (taskTypeId: number) => releaseQualityStop(userId, taskTypeId),
    onSuccess: (answer) => {
      queryClient.setQueryData(qualityStopsQueryOptions(userId).queryKey, answer)
      notifySuccess({ message: t`The user may take work of this task type again.` })
      void queryClient.invalidateQueries({ queryKey: coordinatorKeys.all })
    },
  })
  if (!stops.data || stops.data.length === 0) return null
  const error = release.error ? submissionErrors(release.error, i18n, { fields: [] }).general : null

  return (
    <Stack gap="xs" component="section" aria-labelledby={`quality-stops-${userId}`}>
      <Title order={3} size="h5" id={`quality-stops-${userId}`}>
        <Trans>Stopped by the quality gate</Trans>
      </Title>
      {stops.data.map((stop) => (
        <StopRow
          key={stop.id}
          stop={stop}
          releasing={release.isPending && release.variables === stop.task_type.id}
          onRelease={() => release.mutate(stop.task_type.id)}
        />
      ))}
      <FormError message={error} />
    </Stack>
  )
}

function StopRow({
  stop,
  releasing,
  onRelease,
}: {
  stop: QualityStop
  releasing: boolean
  onRelease: () => void
}) {
  const percent = Math.round(stop.accuracy * 100)
  const answers = stop.gold_answers
  const stoppedAt = formatDateTime(stop.stopped_timestamp)
  const releasedBy = stop.released_by?.username ?? ''
  const releasedAt = stop.released_timestamp ? formatDateTime(stop.released_timestamp) : ''
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Group gap={6}>
          <Text fw={600}>{stop.task_type.name}</Text>
          {stop.released_timestamp === null && (
            <Badge color="red" variant="light" size="sm">
              <Trans>Stopped</Trans>
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <Trans>
            {percent}% of {answers} control answers right, stopped {stoppedAt}
          </Trans>
        </Text>
        {stop.released_timestamp !== null && (
          <Text size="sm" c="dimmed">
            <Trans>
              Let back in by {releasedBy} on {releasedAt}
            </Trans>
          </Text>
        )}
      </div>
      {stop.released_timestamp === null && (
        <Button size="xs" variant="light" loading={releasing} onClick={onRelease}>
          <Trans>Let back in</Trans>
        </Button>
      )}
    </Group>
  )
}
