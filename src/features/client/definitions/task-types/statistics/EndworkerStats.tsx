import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type * as v from 'valibot'
import type { EndworkerStatSchema } from '../../../../../../contract/client-definitions'
import { type DataColumn, DataTable } from '../../../../../ui/DataTable'
import { endworkerStatsQuery, taskTypeLanguagesQuery } from '../../../queries/definitions'
import { workColumns } from '../../../tasks/work-columns'
import { StatsSection } from './StatsSection'
import { type TimeFrame, timeFrameQuery } from './time-frame'

type EndworkerStat = v.InferOutput<typeof EndworkerStatSchema>

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
  const columns: DataColumn<EndworkerStat>[] = [
    { key: 'worker', header: <Trans>Worker</Trans>, cell: (worker) => worker.username },
    {
      key: 'done',
      header: <Trans>Done annotations</Trans>,
      cell: (worker) => worker.annotations_done,
    },
    { key: 'items', header: <Trans>Items</Trans>, cell: (worker) => worker.items },
    ...workColumns<EndworkerStat>(),
  ]
  return (
    <StatsSection
      title={title}
      controls={
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
      }
      stats={stats}
      emptyTitle={<Trans>No work in this time frame</Trans>}
    >
      {(workers) => (
        <DataTable
          label={title}
          columns={columns}
          rows={workers}
          rowKey={(worker) => worker.id}
          minWidth={560}
          striped
        />
      )}
    </StatsSection>
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
