import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Modal, Stack } from '@mantine/core'
import { IconPlayerPlay } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { WorkerTask } from '../../../contract/worker'
import { ApiError } from '../../api/client'
import { syncOutbox } from '../../offline/outbox'
import { usePhoneLayout } from '../../ui/use-screen-width'
import { ProtectedAudioUnsupported } from '../../widgets/media/protected/ProtectedAudioUnsupported'
import { useProtectedAudioSupport } from '../../widgets/media/protected/useProtectedAudioSupport'
import { ProtocolPanel } from '../annotate/ProtocolPanel'
import { takeWork, taskKeys } from './queries'

/** Taking work answered the set being finished: its finish has not reached the server yet. */
class FinishNotSent extends Error {}

/** Why taking work failed, in the worker's words; null for failures the shell reports itself. */
function refusal(error: unknown): MessageDescriptor | null {
  if (error instanceof FinishNotSent) {
    return msg`Your finished item set has not reached the server yet. Try again in a moment.`
  }
  if (!(error instanceof ApiError)) return msg`Something went wrong. Please try again.`
  if (error.status === 0) return msg`You are offline: taking work needs a connection.`
  if (error.code === 'task_finished') return msg`This task has already finished.`
  if (error.code === 'quality_stopped') {
    return msg`You get no new work of this task type until a coordinator lets you back in.`
  }
  if (error.status === 409) {
    return msg`No work is left for you in this task right now: every item is annotated or being annotated, or you reached your share. Try again later or choose another task.`
  }
  if (error.status === 404) return msg`This task is no longer offered to you.`
  return null
}

/**
 * 'Take work': claims an item set and opens it. The task's protocol must be read first: when it
 * is not (or the server says so), it opens for reading and confirming, then the work is taken.
 * A set whose finish still waits in the outbox (`finishingSetId`) is sent first, or the server
 * would answer that set again. A browser that cannot play the task's protected audio is told so
 * here, and takes no work.
 */
export function TakeWorkButton({
  task,
  finishingSetId,
}: {
  task: WorkerTask
  finishingSetId?: number
}) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [reading, setReading] = useState(false)
  const phone = usePhoneLayout()
  const claim = useMutation({
    mutationFn: async () => {
      if (finishingSetId !== undefined) await syncOutbox({ force: true })
      const view = await takeWork(queryClient, task.id)
      if (view.id === finishingSetId) throw new FinishNotSent()
      return view
    },
    onSuccess: (view) =>
      navigate({
        to: '/tasks/$taskId/$itemSetId',
        params: { taskId: task.id, itemSetId: view.id },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'quality_stopped') {
        // The task list then says why, with the worker's accuracy.
        void queryClient.invalidateQueries({ queryKey: taskKeys.list() })
        return
      }
      if (error instanceof ApiError && error.status === 403) setReading(true)
      if (error instanceof ApiError && error.status === 404) {
        void queryClient.invalidateQueries({ queryKey: taskKeys.list() })
      }
    },
  })
  const message = claim.isError && !reading ? refusal(claim.error) : null
  // Told before work is taken: a set of protected audio could not be worked on in this browser.
  const audioPlayable = useProtectedAudioSupport(task.encrypt_audio)

  return (
    <Stack gap="xs">
      {message && (
        <Alert color="orange" role="alert" p="xs">
          {i18n._(message)}
        </Alert>
      )}
      {audioPlayable === false && (
        <Alert color="red" role="alert" p="xs">
          <ProtectedAudioUnsupported />
        </Alert>
      )}
      <Button
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        loading={claim.isPending}
        disabled={task.items_available_for_me === 0 || audioPlayable === false}
        onClick={() => (task.protocol.read ? claim.mutate() : setReading(true))}
      >
        <Trans>Take work</Trans>
      </Button>
      <Modal
        opened={reading}
        onClose={() => setReading(false)}
        title={t`Read the protocol first`}
        size="xl"
        fullScreen={phone}
      >
        <ProtocolPanel
          protocolId={task.protocol.id}
          onConfirmed={() => {
            setReading(false)
            void queryClient.invalidateQueries({ queryKey: taskKeys.list() })
            claim.mutate()
          }}
        />
      </Modal>
    </Stack>
  )
}
