import '@mantine/charts/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { SegmentedControl, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type * as v from 'valibot'
import type { LanguageStatSchema } from '../../../../../../contract/client-definitions'
import { type DataColumn, DataTable } from '../../../../../ui/DataTable'
import { languageStatsQuery } from '../../../queries/definitions'
import { StatsSection } from './StatsSection'
import { type TimeFrame, timeFrameQuery } from './time-frame'

type LanguageStat = v.InferOutput<typeof LanguageStatSchema>

type Side = 'base' | 'target'

/** Tasks, items, done items and annotations per base or target language: a chart and a table. */
export function LanguageStats({ id, timeFrame }: { id: number; timeFrame: TimeFrame }) {
  const { t } = useLingui()
  const [side, setSide] = useState<Side>('base')
  const stats = useQuery(
    languageStatsQuery(id, { ...timeFrameQuery(timeFrame), language_type: side }),
  )
  const title = t`Statistics per language`
  const series = [
    { name: 'items', label: t`Items`, color: 'gray.5' },
    { name: 'done_items', label: t`Done items`, color: 'teal.6' },
    { name: 'annotations', label: t`Annotations`, color: 'blue.6' },
  ]

  const columns: DataColumn<LanguageStat>[] = [
    {
      key: 'language',
      header: <Trans>Language</Trans>,
      cell: (language) => (
        <>
          {language.name}{' '}
          <Text span c="dimmed" size="xs">
            {language.code}
          </Text>
        </>
      ),
    },
    { key: 'tasks', header: <Trans>Tasks</Trans>, cell: (language) => language.tasks },
    { key: 'items', header: <Trans>Items</Trans>, cell: (language) => language.items },
    {
      key: 'done-items',
      header: <Trans>Done items</Trans>,
      cell: (language) => language.done_items,
    },
    {
      key: 'annotations',
      header: <Trans>Annotations</Trans>,
      cell: (language) => language.annotations,
    },
  ]
  return (
    <StatsSection
      title={title}
      controls={
        <SegmentedControl
          aria-label={t`Languages to count by`}
          data={[
            { value: 'base', label: t`Base languages` },
            { value: 'target', label: t`Target languages` },
          ]}
          value={side}
          onChange={(value) => setSide(value as Side)}
        />
      }
      stats={stats}
      emptyTitle={<Trans>No tasks in this time frame</Trans>}
    >
      {(languages) => (
        <>
          <BarChart
            h={280}
            data={languages}
            dataKey="name"
            series={series}
            withLegend
            tickLine="y"
            aria-hidden
          />
          <DataTable
            label={title}
            columns={columns}
            rows={languages}
            rowKey={(language) => language.id}
            minWidth={520}
            striped
          />
        </>
      )}
    </StatsSection>
  )
}
