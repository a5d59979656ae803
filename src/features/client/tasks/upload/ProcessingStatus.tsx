import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { clientTaskKeys, processingQuery } from '../../queries/tasks'
import { TaskStatusBadge } from '../TaskStatusBadge'

/** How often the import of an uploaded file is asked for its progress. */
export const PROCESSING_POLL_MS = 1_000

/**
 * The import that follows an upload: processed over total items, polled until the task leaves
 * PROCESSING (or the import fails). Then the task's panel and lists are refreshed.
 */
export function ProcessingStatus({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { queryKey, ...options } = processingQuery(taskId)
  const processing = useQuery({
    queryKey,
    ...options,
    refetchInterval: (query) =>
      query.state.data?.status === 'PROCESSING' && !query.state.data.error
        ? PROCESSING_POLL_MS
        : false,
  })
  const ready = processing.data !== undefined && processing.data.status !== 'PROCESSING'

  useEffect(() => {
    if (!ready) return
    void queryClient.invalidateQueries({ queryKey: clientTaskKeys.task(taskId) })
    void queryClient.invalidateQueries({ queryKey: clientTaskKeys.lists() })
  }, [ready, queryClient, taskId])

  if (processing.isPending) return <Loading label={t`Loading the import status…`} />
  if (processing.isError) {
    return (
      <LoadFailed
        error={processing.error}
        title={<Trans>The import status could not be loaded.</Trans>}
      />
    )
  }
  const { status, processed_items: processed, total_items: total, error } = processing.data
  if (error) {
    return (
      <Alert color="red" role="alert" title={t`The import of the file failed.`}>
        {error}
      </Alert>
    )
  }
  const percent = total > 0 ? (processed / total) * 100 : 0
  return (
    <Paper withBorder p="md" role="status" aria-label={t`Import of the file`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {ready ? <Trans>The task is ready.</Trans> : <Trans>Reading the items…</Trans>}
          </Text>
          <TaskStatusBadge status={status} />
        </Group>
        <Progress value={ready ? 100 : percent} animated={!ready} aria-label={t`Import progress`} />
        <Text size="sm">
          <Trans>
            {processed} of {total} items processed
          </Trans>
        </Text>
      </Stack>
    </Paper>
  )
}
