import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { Task, TaskCounter } from '../../../../../contract/client-tasks'
import { DataTable } from '../../../../ui/DataTable'
import { formatDateTime } from '../format'
import { TaskProgress } from '../TaskProgress'

type Counter = [label: string, counter: TaskCounter]

/** The task's counters (items, annotations, failed: total, done, left), progress and dates. */
export function TaskCounters({ task }: { task: Task }) {
  const { t } = useLingui()
  const counters: Counter[] = [
    [t`Items`, task.items],
    [t`Annotations`, task.annotations],
    [t`Failed annotations`, task.failed],
  ]
  const dates: [string, string | null][] = [
    [t`Created`, task.created_timestamp],
    [t`Started`, task.start_timestamp],
    [t`Ended`, task.end_timestamp],
    [t`Deadline`, task.deadline],
    [t`Last activity`, task.last_activity],
  ]
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Counters</Trans>
          </Title>
          <TaskProgress value={task.progress} label={t`Task progress`} />
          <DataTable
            label={t`Task counters`}
            columns={[
              { key: 'name', header: null, cell: ([label]) => label, rowHeader: true },
              {
                key: 'total',
                header: <Trans>Total</Trans>,
                cell: ([, counter]) => counter.total,
                numeric: true,
              },
              {
                key: 'done',
                header: <Trans>Done</Trans>,
                cell: ([, counter]) => counter.done,
                numeric: true,
              },
              {
                key: 'left',
                header: <Trans>Left</Trans>,
                cell: ([, counter]) => counter.left,
                numeric: true,
              },
            ]}
            rows={counters}
            rowKey={([label]) => label}
            minWidth={320}
            striped
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans>Dates</Trans>
          </Title>
          <Table aria-label={t`Task dates`}>
            <Table.Tbody>
              {dates.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td>{value ? formatDateTime(value) : <Text c="dimmed">—</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
    </SimpleGrid>
  )
}
