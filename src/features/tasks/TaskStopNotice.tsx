import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import type { WorkerTask } from '../../../contract/worker'

/** Why the worker gets no new work of the task, by the reason the server gives. */
export function TaskStopNotice({ stop }: { stop: NonNullable<WorkerTask['stop']> }) {
  const percent = Math.round(stop.accuracy * 100)
  switch (stop.reason) {
    case 'LOW_QUALITY':
      return (
        <Alert color="red" role="status" p="xs">
          <Trans>
            You answered {percent}% of the control items of this task type right, below what it asks
            for. You get no new work of it until a coordinator lets you back in.
          </Trans>
        </Alert>
      )
  }
}
