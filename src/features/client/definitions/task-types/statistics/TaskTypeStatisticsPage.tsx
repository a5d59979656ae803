import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { TitleBar } from '../../../../../ui/TitleBar'
import { taskTypeQuery } from '../../../queries/definitions'
import { DefinitionLink } from '../../shared/definition-links'
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
          <TitleBar title={<Trans>Statistics: {taskType.name}</Trans>} level="page">
            <DefinitionLink kind="task-types" id={id}>
              <Trans>Back to the task type</Trans>
            </DefinitionLink>
          </TitleBar>
          <TimeFramePicker value={timeFrame} onChange={setTimeFrame} />
          <LanguageStats id={id} timeFrame={timeFrame} />
          <EndworkerStats id={id} timeFrame={timeFrame} />
        </Stack>
      )}
    </QueryView>
  )
}
