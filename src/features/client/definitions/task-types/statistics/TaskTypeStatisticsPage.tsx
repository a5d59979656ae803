import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterAnchor } from '../../../../../ui/links'
import { taskTypeQuery } from '../../../queries/definitions'
import { QueryView } from '../../shared/QueryView'
import { EndworkerStats } from './EndworkerStats'
import { LanguageStats } from './LanguageStats'
import { TimeFramePicker } from './TimeFramePicker'
import type { TimeFrame } from './time-frame'

/** task-types/{taskTypeId}/statistics: per language and per worker, over a time frame. */
export function TaskTypeStatisticsPage({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(taskTypeQuery(id))
  const [timeFrame, setTimeFrame] = useState<TimeFrame>([null, null])
  return (
    <QueryView query={query} loadingLabel={t`Loading the task type`}>
      {(taskType) => (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end">
            <Title order={1} size="h2">
              <Trans>Statistics: {taskType.name}</Trans>
            </Title>
            <RouterAnchor
              to="/client/tasks-definitions/task-types/$taskTypeId"
              params={{ taskTypeId: String(id) }}
            >
              <Trans>Back to the task type</Trans>
            </RouterAnchor>
          </Group>
          <TimeFramePicker value={timeFrame} onChange={setTimeFrame} />
          <LanguageStats id={id} timeFrame={timeFrame} />
          <EndworkerStats id={id} timeFrame={timeFrame} />
        </Stack>
      )}
    </QueryView>
  )
}
