import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Empty, QueryContent } from '../../../../../ui/QueryStates'
import { TitleBar } from '../../../../../ui/TitleBar'

type StatsSectionProps<T> = {
  title: string
  /** What the figures are split or filtered by. */
  controls: ReactNode
  stats: UseQueryResult<T[]>
  /** Said when the time frame holds nothing. */
  emptyTitle: ReactNode
  children: (rows: T[]) => ReactNode
}

/** One part of the statistics page: its title and controls, then the figures of the call. */
export function StatsSection<T>({
  title,
  controls,
  stats,
  emptyTitle,
  children,
}: StatsSectionProps<T>) {
  const { t } = useLingui()
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <TitleBar title={title} level="section">
        {controls}
      </TitleBar>
      <QueryContent
        query={stats}
        loadingLabel={t`Loading the statistics`}
        failedTitle={<Trans>The statistics could not be loaded.</Trans>}
        empty={<Empty title={emptyTitle} />}
      >
        {children}
      </QueryContent>
    </Stack>
  )
}
