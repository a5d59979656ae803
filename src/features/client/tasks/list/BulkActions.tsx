import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Select, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TaskPatch } from '../../../../../contract/client-tasks'
import { ConfirmDeleteDialog } from '../../../../ui/ConfirmDialog'
import { bulkDeleteTasks, bulkUpdateTasks, clientTaskKeys } from '../../queries/tasks'
import { notifyFailure } from '../errors'
import { BULK_STATUS_TARGETS } from '../status'
import { type BulkResult, BulkResultDialog } from './BulkResultDialog'

/**
 * Actions on the selected tasks. Each task is changed on its own by the server, so some may be
 * refused while others change; the result dialog lists both.
 */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [target, setTarget] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [result, setResult] = useState<BulkResult | null>(null)

  const finish = (next: BulkResult) => {
    setResult(next)
    setConfirmDelete(false)
    onDone()
    void queryClient.invalidateQueries({ queryKey: clientTaskKeys.all })
  }
  const update = useMutation({
    mutationFn: (data: TaskPatch) => bulkUpdateTasks({ ids, data }),
    onSuccess: (answer) =>
      finish({ action: 'update', done: answer.updated_tasks, refused: answer.not_updated_tasks }),
    onError: (error) => notifyFailure(t`The tasks could not be updated.`, error),
  })
  const remove = useMutation({
    mutationFn: () => bulkDeleteTasks(ids),
    onSuccess: (answer) =>
      finish({
        action: 'delete',
        done: answer.deleted_tasks_ids,
        refused: answer.not_deleted_tasks,
      }),
    onError: (error) => notifyFailure(t`The tasks could not be deleted.`, error),
  })
  const count = ids.length
  const busy = update.isPending || remove.isPending

  return (
    <>
      {count > 0 && (
        <Paper withBorder p="sm" role="region" aria-label={t`Bulk actions`}>
          <Group gap="sm" align="flex-end">
            <Text size="sm" fw={600}>
              <Trans>{count} selected</Trans>
            </Text>
            <Select
              label={t`Change the status to`}
              placeholder={t`Choose a status`}
              data={BULK_STATUS_TARGETS.map(({ to, label }) => ({
                value: to,
                label: i18n._(label),
              }))}
              value={target}
              onChange={setTarget}
              size="xs"
              w={200}
            />
            <Button
              size="xs"
              disabled={!target || busy}
              loading={update.isPending && update.variables?.status !== undefined}
              onClick={() => target && update.mutate({ status: target as TaskPatch['status'] })}
            >
              <Trans>Apply</Trans>
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={busy}
              onClick={() => update.mutate({ download_enabled: true })}
            >
              <Trans>Allow downloads</Trans>
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={busy}
              onClick={() => update.mutate({ download_enabled: false })}
            >
              <Trans>Forbid downloads</Trans>
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={busy}
              onClick={() => setConfirmDelete(true)}
            >
              <Trans>Delete</Trans>
            </Button>
          </Group>
        </Paper>
      )}
      <ConfirmDeleteDialog
        opened={confirmDelete}
        title={t`Delete ${count} tasks?`}
        deletion={remove}
        onCancel={() => setConfirmDelete(false)}
      >
        <Trans>
          Their items, item sets, annotations, reviews and exports are deleted with them. This
          cannot be undone.
        </Trans>
      </ConfirmDeleteDialog>
      <BulkResultDialog result={result} onClose={() => setResult(null)} />
    </>
  )
}
