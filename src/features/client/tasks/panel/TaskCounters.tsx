import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { Task, TaskCounter } from '../../../../../contract/client-tasks'
import { formatDateTime } from '../format'
import { TaskProgress } from '../TaskProgress'

/** The task's counters (items, annotations, failed: total, done, left), progress and dates. */
export function TaskCounters({ task }: { task: Task }) {
  const { t } = useLingui()
  const counters: [string, TaskCounter][] = [
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
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label={t`Task counters`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th ta="right">
                    <Trans>Total</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Done</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Left</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {counters.map(([label, counter]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row">{label}</Table.Th>
                    <Table.Td ta="right">{counter.total}</Table.Td>
                    <Table.Td ta="right">{counter.done}</Table.Td>
                    <Table.Td ta="right">{counter.left}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
