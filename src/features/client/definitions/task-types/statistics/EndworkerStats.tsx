import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Select, Stack, Table, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatDateTime } from '../../../../account/format'
import { endworkerStatsQuery, taskTypeLanguagesQuery } from '../../../queries/definitions'
import { formatDuration } from '../../../tasks/format'
import { Empty, LoadFailed, Loading } from '../../../tasks/QueryStates'
import { type TimeFrame, timeFrameQuery } from './time-frame'

/** Per worker: done annotations, items and work time in the frame, optionally per language. */
export function EndworkerStats({ id, timeFrame }: { id: number; timeFrame: TimeFrame }) {
  const { t } = useLingui()
  const [base, setBase] = useState<string | null>(null)
  const [target, setTarget] = useState<string | null>(null)
  const stats = useQuery(
    endworkerStatsQuery(id, {
      ...timeFrameQuery(timeFrame),
      base_language_id: base ?? undefined,
      target_language_id: target ?? undefined,
    }),
  )
  const title = t`Statistics per worker`

  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm">
          <LanguageFilter
            id={id}
            side="base"
            label={t`Base language`}
            value={base}
            onChange={setBase}
          />
          <LanguageFilter
            id={id}
            side="target"
            label={t`Target language`}
            value={target}
            onChange={setTarget}
          />
        </Group>
      </Group>
      {stats.isPending ? (
        <Loading label={t`Loading the statistics`} />
      ) : stats.isError ? (
        <LoadFailed
          error={stats.error}
          title={<Trans>The statistics could not be loaded.</Trans>}
        />
      ) : stats.data.length === 0 ? (
        <Empty title={<Trans>No work in this time frame</Trans>} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Worker</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Done annotations</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Items</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Work time</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Last annotation</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.data.map((worker) => (
                <Table.Tr key={worker.id}>
                  <Table.Td>{worker.username}</Table.Td>
                  <Table.Td>{worker.annotations_done}</Table.Td>
                  <Table.Td>{worker.items}</Table.Td>
                  <Table.Td>{formatDuration(worker.worktime)}</Table.Td>
                  <Table.Td>
                    {worker.last_annotation ? formatDateTime(worker.last_annotation) : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}

function LanguageFilter({
  id,
  side,
  label,
  value,
  onChange,
}: {
  id: number
  side: 'base' | 'target'
  label: string
  value: string | null
  onChange: (value: string | null) => void
}) {
  const { t } = useLingui()
  const languages = useQuery(taskTypeLanguagesQuery(id, side))
  return (
    <Select
      label={label}
      placeholder={t`Any`}
      data={(languages.data ?? []).map((language) => ({
        value: String(language.id),
        label: language.name,
      }))}
      value={value}
      onChange={onChange}
      clearable
      w={180}
    />
  )
}
