import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group } from '@mantine/core'
import { IconCopy, IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Task } from '../../../../../contract/client-tasks'
import { ApiError } from '../../../../api/client'
import { ConfirmDeleteDialog } from '../../../../ui/ConfirmDialog'
import { notifySuccess } from '../../../../ui/notify'
import { clientTaskKeys, cloneTask, deleteTask } from '../../queries/tasks'
import { notifyFailure } from '../errors'

/** Clone (then open the copy) and delete (confirmed; a 409 says why it cannot go yet). */
export function TaskActions({ task }: { task: Task }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const taskId = task.id

  const clone = useMutation({
    mutationFn: () => cloneTask(taskId),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: clientTaskKeys.lists() })
      notifySuccess({ message: t`Task #${taskId} was cloned as task #${copy.id}.` })
      void navigate({ to: '/client/tasks/$taskId/panel', params: { taskId: String(copy.id) } })
    },
    onError: (error) => notifyFailure(t`The task could not be cloned.`, error),
  })
  const remove = useMutation({
    mutationFn: () => deleteTask(taskId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: clientTaskKeys.task(taskId) })
      void queryClient.invalidateQueries({ queryKey: clientTaskKeys.lists() })
      notifySuccess({ message: t`Task #${taskId} has been deleted.` })
      void navigate({ to: '/client/tasks/active' })
    },
    // A 409 is explained inside the dialog, where the user is looking.
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) {
        notifyFailure(t`The task could not be deleted.`, error)
      }
    },
  })
  const conflict =
    remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.detail : null

  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        loading={clone.isPending}
        onClick={() => clone.mutate()}
      >
        <Trans>Clone</Trans>
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => {
          remove.reset()
          setConfirmDelete(true)
        }}
      >
        <Trans>Delete</Trans>
      </Button>
      <ConfirmDeleteDialog
        opened={confirmDelete}
        title={t`Delete task #${taskId}?`}
        deletion={remove}
        onCancel={() => setConfirmDelete(false)}
      >
        <Trans>
          Its items, item sets, annotations, reviews and exports are deleted with it. This cannot be
          undone.
        </Trans>
        {conflict && (
          <Alert color="orange" mt="md" role="alert" title={t`The task cannot be deleted now.`}>
            {conflict}
          </Alert>
        )}
      </ConfirmDeleteDialog>
    </Group>
  )
}
