import { useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { TimelogStats } from '../../../contract/timelogs'
import { formatDuration } from './format'
import { type StatsRange, statsQuery } from './queries'

/** Work on tasks, all approved work, bonus breaks, paid and pending time over the range. */
export function TimelogStatsCards({ range }: { range: StatsRange }) {
  const { t } = useLingui()
  const { data, isError } = useQuery(statsQuery(range))
  const cards: [keyof TimelogStats, string, string][] = [
    ['tasks_time', t`Time on tasks`, t`Approved work on tasks`],
    ['total_logged', t`Total logged`, t`Approved work of every kind`],
    ['bonus_breaks_time', t`Bonus breaks`, t`Approved break time`],
    ['paid_time', t`Paid time`, t`Work plus the breaks it earned`],
    ['pending_time', t`Pending time`, t`Waiting for a coordinator`],
  ]
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      {cards.map(([field, label, hint]) => (
        <Paper key={field} withBorder p="sm" component="section" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl" data-figure={field} ff="monospace">
            {data ? formatDuration(data[field]) : isError ? 'N/A' : '…'}
          </Text>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
