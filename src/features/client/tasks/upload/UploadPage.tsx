import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { TaskUploadResult } from '../../../../../contract/task-intake'
import { RouterButton } from '../../../../ui/links'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { languagesQuery } from '../../../auth/queries'
import { taskTypeQuery } from '../../queries/definitions'
import { ProcessingStatus } from './ProcessingStatus'
import { UploadForm } from './UploadForm'

/** Upload page of a task type: the form, then the import of the new task until it is ready. */
export function UploadPage({ taskTypeId }: { taskTypeId: number }) {
  const { t } = useLingui()
  const taskType = useQuery(taskTypeQuery(taskTypeId))
  const languages = useQuery(languagesQuery())
  const [uploaded, setUploaded] = useState<TaskUploadResult | null>(null)

  if (taskType.isPending || languages.isPending) return <Loading label={t`Loading the form…`} />
  if (taskType.isError || languages.isError) {
    return (
      <LoadFailed
        error={taskType.error ?? languages.error}
        title={<Trans>The upload form could not be loaded.</Trans>}
      />
    )
  }
  const name = taskType.data.name
  const taskId = uploaded ? String(uploaded.id) : ''
  const itemsCount = uploaded?.items_count ?? 0

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans>Upload data: {name}</Trans>
      </Title>
      {uploaded ? (
        <Stack gap="md">
          <Text>
            <Trans>
              Task #{taskId} was created with {itemsCount} items.
            </Trans>
          </Text>
          <ProcessingStatus taskId={uploaded.id} />
          <Group>
            <RouterButton to="/client/tasks/$taskId/panel" params={{ taskId }}>
              <Trans>Open the task panel</Trans>
            </RouterButton>
            <Button variant="default" onClick={() => setUploaded(null)}>
              <Trans>Upload another file</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <UploadForm taskType={taskType.data} languages={languages.data} onUploaded={setUploaded} />
      )}
    </Stack>
  )
}
