import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { DumpRequest, Task } from '../../../../../contract/client-tasks'
import { ConfirmDeleteDialog } from '../../../../ui/ConfirmDialog'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { deleteDump, downloadDumpFile, dumpQuery, startDump } from '../../queries/tasks'
import { notifyFailure } from '../errors'
import { useTaskPatch } from '../panel/use-task-patch'
import { DumpStatus } from './DumpStatus'
import { ExportForm } from './ExportForm'
import { DUMP_FORMAT_TEXTS } from './options'
import { saveBlob } from './save-blob'

/** How often a running export is asked for its progress. */
export const DUMP_POLL_MS = 1_500

/**
 * Result export: the latest dump with its progress (polled while it runs), download and delete,
 * and the options for a new one.
 */
export function ExportSection({ task }: { task: Task }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { queryKey, ...dumpOptions } = dumpQuery(task.id)
  const dump = useQuery({
    queryKey,
    ...dumpOptions,
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? DUMP_POLL_MS : false),
  })
  const [confirmDelete, setConfirmDelete] = useState(false)
  // The latest export sits above the form: once one starts, it is brought into view and focused
  // so its status (and later its Download button) is seen and read out.
  const latest = useRef<HTMLElement>(null)
  const [showStarted, setShowStarted] = useState(false)
  useEffect(() => {
    if (!showStarted || !latest.current) return
    latest.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    latest.current.focus({ preventScroll: true })
    setShowStarted(false)
  }, [showStarted])

  const start = useMutation({
    mutationFn: (request: DumpRequest) => startDump(task.id, request),
    onSuccess: (started) => {
      queryClient.setQueryData(queryKey, started)
      setShowStarted(true)
    },
    onError: (error) => notifyFailure(t`The export could not start.`, error),
  })
  const remove = useMutation({
    mutationFn: () => deleteDump(task.id),
    onSuccess: () => {
      setConfirmDelete(false)
      queryClient.setQueryData(queryKey, null)
    },
    onError: (error) => notifyFailure(t`The export could not be deleted.`, error),
  })
  const download = useMutation({
    mutationFn: () => downloadDumpFile(task.id),
    onSuccess: (blob) => {
      const extension = dump.data ? DUMP_FORMAT_TEXTS[dump.data.format].extension : 'jsonl'
      saveBlob(blob, `task-${task.id}-results.${extension}`)
    },
    onError: (error) => notifyFailure(t`The file could not be downloaded.`, error),
  })

  if (dump.isPending) return <Loading label={t`Loading the latest export…`} />
  if (dump.isError) {
    return <LoadFailed error={dump.error} title={<Trans>The export could not be loaded.</Trans>} />
  }
  const running = dump.data?.status === 'PROCESSING'

  return (
    <Stack gap="lg">
      {dump.data ? (
        <DumpStatus
          ref={latest}
          dump={dump.data}
          downloading={download.isPending}
          onDownload={() => download.mutate()}
          onDelete={() => setConfirmDelete(true)}
        />
      ) : (
        <Text c="dimmed">
          <Trans>This task has not been exported yet.</Trans>
        </Text>
      )}
      {task.download_enabled ? (
        <ExportForm disabled={running} pending={start.isPending} onStart={start.mutate} />
      ) : (
        <DownloadsOff taskId={task.id} />
      )}
      <ConfirmDeleteDialog
        opened={confirmDelete}
        title={t`Delete the export?`}
        deletion={remove}
        onCancel={() => setConfirmDelete(false)}
      >
        <Trans>The exported file is removed. The task and its results stay as they are.</Trans>
      </ConfirmDeleteDialog>
    </Stack>
  )
}

/** Exports need the task's download switch on; the owner may turn it on right here. */
function DownloadsOff({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const patch = useTaskPatch(taskId)
  return (
    <Alert color="yellow" title={t`Downloading results is turned off for this task.`}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>Turn it on to export the results.</Trans>
        </Text>
        <Button
          size="xs"
          loading={patch.isPending}
          onClick={() =>
            patch.mutate(
              { download_enabled: true },
              {
                onError: (error) => notifyFailure(t`Downloads could not be turned on.`, error),
              },
            )
          }
        >
          <Trans>Allow downloads</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}
