import '@mantine/charts/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { DonutChart } from '@mantine/charts'
import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ClientStats } from '../../../../../contract/client-tasks'
import { Empty, QueryContent } from '../../../../ui/QueryStates'
import { ClientGroupFilter } from '../../client-group-filter'
import { clientStatsQuery } from '../../queries/tasks'
import { useClientGroupFilter } from '../../use-client-group'
import { formatDateTime, formatPercent } from '../format'
import { StatCards } from '../StatCards'

/** The client's totals over every task it sees (or one client group's), with items done. */
export function OverviewPage() {
  const { t } = useLingui()
  const clientGroup = useClientGroupFilter()
  const stats = useQuery(clientStatsQuery(clientGroup))
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans>Overview</Trans>
      </Title>
      <ClientGroupFilter />
      <QueryContent
        query={stats}
        loadingLabel={t`Loading the overview…`}
        failedTitle={<Trans>The overview could not be loaded.</Trans>}
      >
        {(data) => <OverviewContent stats={data} />}
      </QueryContent>
    </Stack>
  )
}

function OverviewContent({ stats }: { stats: ClientStats }) {
  const { t } = useLingui()
  return (
    <Stack gap="lg">
      <StatCards
        cols={{ base: 1, xs: 2, md: 4 }}
        padding="md"
        stats={[
          [t`Items done`, String(stats.items_done)],
          [t`Items in total`, String(stats.items_total)],
          [t`Annotations done`, String(stats.annotations_done)],
          [t`Last change`, stats.last_modified ? formatDateTime(stats.last_modified) : '—'],
        ]}
      />
      {stats.items_total === 0 ? (
        <Empty title={<Trans>There are no items yet.</Trans>}>
          <Trans>Upload data from a task type to create a task.</Trans>
        </Empty>
      ) : (
        <ItemsDone done={stats.items_done} total={stats.items_total} />
      )}
    </Stack>
  )
}

function ItemsDone({ done, total }: { done: number; total: number }) {
  const { t } = useLingui()
  const share = formatPercent((done / total) * 100)
  const left = total - done
  return (
    <Paper withBorder p="md">
      <Group gap="xl" align="center">
        {/* The sentence beside it says the same; the hidden chart keeps out of the tab order. */}
        <DonutChart
          aria-hidden
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
          size={180}
          thickness={26}
          chartLabel={share}
          data={[
            { name: t`Done`, value: done, color: 'teal.6' },
            { name: t`Left`, value: left, color: 'gray.3' },
          ]}
        />
        <Stack gap={4}>
          <Title order={2} size="h4">
            <Trans>Items done</Trans>
          </Title>
          <Text>
            <Trans>
              {done} of {total} items are done ({share}); {left} are left.
            </Trans>
          </Text>
        </Stack>
      </Group>
    </Paper>
  )
}
