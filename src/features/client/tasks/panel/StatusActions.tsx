import { useLingui } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import { useState } from 'react'
import type { Task } from '../../../../../contract/client-tasks'
import { ConfirmDialog } from '../../../../ui/ConfirmDialog'
import { notifySuccess, notifyWarning } from '../../../../ui/notify'
import { notifyFailure } from '../errors'
import { type StatusAction, statusActions } from '../status'
import { useTaskPatch } from './use-task-patch'
import { useVisibilityMessage, useWorkerVisibility } from './WorkerVisibility'

/** The status changes the task's current status allows, finish and archive confirmed first. */
export function StatusActions({ task }: { task: Task }) {
  const { t, i18n } = useLingui()
  const patch = useTaskPatch(task.id)
  const [confirming, setConfirming] = useState<StatusAction | null>(null)
  const actions = statusActions(task.status)
  const visibility = useWorkerVisibility(task)
  const visibilityMessage = useVisibilityMessage()

  const run = (action: StatusAction) =>
    patch.mutate(
      { status: action.to },
      {
        onSuccess: () => {
          setConfirming(null)
          if (action.to === 'IN_PROGRESS' && visibility) {
            notifyWarning({
              title: t`Started, but workers cannot see the task`,
              message: visibilityMessage(task, visibility),
            })
          } else {
            notifySuccess({ message: t`Status changed.` })
          }
        },
        onError: (error) => notifyFailure(t`The status could not be changed.`, error),
      },
    )

  if (actions.length === 0) return null
  const confirmLabel = confirming ? i18n._(confirming.label) : ''
  const taskId = task.id
  return (
    <Group gap="xs" role="group" aria-label={t`Status actions`}>
      {actions.map((action) => (
        <Button
          key={action.to}
          variant="light"
          loading={patch.isPending && patch.variables?.status === action.to && !confirming}
          disabled={patch.isPending}
          onClick={() => (action.confirm ? setConfirming(action) : run(action))}
        >
          {i18n._(action.label)}
        </Button>
      ))}
      <ConfirmDialog
        opened={confirming !== null}
        title={t`${confirmLabel} task #${taskId}?`}
        confirmLabel={confirmLabel}
        pending={patch.isPending}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.confirm && i18n._(confirming.confirm)}
      </ConfirmDialog>
    </Group>
  )
}
