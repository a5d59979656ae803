import '@mantine/charts/styles.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { languageStatsQuery } from '../../../queries/definitions'
import { Empty, LoadFailed, Loading } from '../../../tasks/QueryStates'
import { type TimeFrame, timeFrameQuery } from './time-frame'

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

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {title}
        </Title>
        <SegmentedControl
          aria-label={t`Languages to count by`}
          data={[
            { value: 'base', label: t`Base languages` },
            { value: 'target', label: t`Target languages` },
          ]}
          value={side}
          onChange={(value) => setSide(value as Side)}
        />
      </Group>
      {stats.isPending ? (
        <Loading label={t`Loading the statistics`} />
      ) : stats.isError ? (
        <LoadFailed
          error={stats.error}
          title={<Trans>The statistics could not be loaded.</Trans>}
        />
      ) : stats.data.length === 0 ? (
        <Empty title={<Trans>No tasks in this time frame</Trans>} />
      ) : (
        <>
          <BarChart
            h={280}
            data={stats.data}
            dataKey="name"
            series={series}
            withLegend
            tickLine="y"
            aria-hidden
          />
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label={title} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Language</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Tasks</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Items</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Done items</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Annotations</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stats.data.map((language) => (
                  <Table.Tr key={language.id}>
                    <Table.Td>
                      {language.name}{' '}
                      <Text span c="dimmed" size="xs">
                        {language.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{language.tasks}</Table.Td>
                    <Table.Td>{language.items}</Table.Td>
                    <Table.Td>{language.done_items}</Table.Td>
                    <Table.Td>{language.annotations}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  )
}
