import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack } from '@mantine/core'
import { IconFlagCheck } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { finishItemSet } from '../annotate/finish'
import { takeWork, taskKeys } from './queries'

type FinishSetButtonProps = {
  itemSetId: number
  taskId: number
  size?: 'xs' | 'sm' | 'md'
}

/**
 * 'Finish set and take the next': ends the set's lock through the outbox (so it also works
 * offline, and is sent after the set's other changes), then takes the next set of the task and
 * opens it. Offline the finish waits on the device, and the tasks list says so.
 */
export function FinishSetButton({ itemSetId, taskId, size = 'sm' }: FinishSetButtonProps) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const finish = useMutation({
    mutationFn: async () => {
      const outcome = await finishItemSet({ itemSetId, taskId })
      void queryClient.invalidateQueries({ queryKey: taskKeys.all })
      if (outcome === 'rejected') throw new Error('The server refused to finish the set.')
      if (outcome === 'queued') return null
      // The next set of the same task; when none can be taken the tasks list explains why.
      return takeWork(queryClient, taskId).catch(() => null)
    },
    onSuccess: (next) =>
      next
        ? navigate({ to: '/tasks/$taskId/$itemSetId', params: { taskId, itemSetId: next.id } })
        : navigate({ to: '/tasks' }),
  })

  return (
    <Stack gap="xs" align="flex-start">
      {finish.isError && (
        <Alert color="red" role="alert" p="xs" title={t`The item set could not be finished`}>
          <Trans>
            The server refused it: open the sync status in the header for the reason, then retry or
            discard it there.
          </Trans>
        </Alert>
      )}
      <Button
        size={size}
        color="green"
        leftSection={<IconFlagCheck size={16} aria-hidden />}
        loading={finish.isPending}
        onClick={() => finish.mutate()}
      >
        <Trans>Finish set and take the next</Trans>
      </Button>
    </Stack>
  )
}
