import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Stack, Text } from '@mantine/core'
import { IconCircleCheck, IconCloudUpload } from '@tabler/icons-react'
import type { WorkerItemSet } from '../../../contract/worker'
import { RouterButton } from '../../ui/links'
import { FinishSetButton } from './FinishSetButton'

type FinishSetPanelProps = {
  view: WorkerItemSet
  /** Items done, local edits included. */
  done: number
  /** The set's finish waits in the outbox. */
  finishing: boolean
}

/**
 * The annotation screen's next step once every item is done: finish the set and take the next.
 * While the finish waits on the device (offline), it says so and leads back to the tasks list.
 */
export function FinishSetPanel({ view, done, finishing }: FinishSetPanelProps) {
  const { t } = useLingui()
  if (view.expired) return null
  if (finishing) {
    return (
      <Alert
        color="blue"
        icon={<IconCloudUpload aria-hidden />}
        title={t`This item set is finished on this device`}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>
              It is sent to the server, after your other changes, as soon as it can be reached. Its
              items can no longer be changed.
            </Trans>
          </Text>
          <RouterButton to="/tasks" size="xs" variant="light">
            <Trans>Back to the tasks</Trans>
          </RouterButton>
        </Stack>
      </Alert>
    )
  }
  if (view.items.length === 0 || done < view.items.length) return null
  return (
    <Alert
      color="green"
      icon={<IconCircleCheck aria-hidden />}
      title={t`Every item of this set is done`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <Trans>
            Finish the set to hand it in and take the next one. You can still change its items until
            you finish it.
          </Trans>
        </Text>
        <FinishSetButton itemSetId={view.id} taskId={view.task.id} />
      </Stack>
    </Alert>
  )
}
