import '@mantine/charts/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Badge, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorBar } from 'recharts'
import { ALPHA_RELIABLE, ALPHA_TENTATIVE, type TaskQuality } from '../../../../../contract/quality'
import { type DataColumn, DataTable } from '../../../../ui/DataTable'
import { Empty, QueryContent } from '../../../../ui/QueryStates'
import { formatPercent } from '../format'
import { StatCards } from '../StatCards'
import { taskQualityQuery } from './quality-query'
import { type AlphaReading, alphaReading } from './reading'

type FieldRow = TaskQuality['fields'][string] & { name: string }
type Worker = TaskQuality['workers'][number]

const READING_COLOURS: Record<AlphaReading, string> = {
  reliable: 'green',
  tentative: 'yellow',
  unreliable: 'red',
  unknown: 'gray',
}

const percentOrDash = (share: number | null) => (share === null ? '—' : formatPercent(share * 100))

/**
 * The Quality tab of the task panel: agreement between workers per field, gold accuracy per
 * worker with its 95 % interval, and flagged work. Loaded on its own when the tab opens (the
 * chart library stays out of the other tabs).
 */
export default function QualitySection({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const quality = useQuery(taskQualityQuery(taskId))
  return (
    <QueryContent
      query={quality}
      loadingLabel={t`Loading the quality figures…`}
      failedTitle={<Trans>The quality figures could not be loaded.</Trans>}
    >
      {(data) => (
        <Stack gap="lg">
          <StatCards
            cols={{ base: 2, sm: 3 }}
            padding="sm"
            stats={[
              [t`Gold items`, data.gold.items],
              [t`Gold answers`, data.gold.answers],
              [t`Workers`, data.workers.length],
            ]}
          />
          <Section title={<Trans>Agreement between workers</Trans>}>
            <Agreement fields={data.fields} />
          </Section>
          <Section title={<Trans>Workers</Trans>}>
            <Workers workers={data.workers} />
          </Section>
        </Stack>
      )}
    </QueryContent>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

function ReadingBadge({ alpha }: { alpha: number | null }) {
  const reading = alphaReading(alpha)
  const labels: Record<AlphaReading, ReactNode> = {
    reliable: <Trans>Reliable</Trans>,
    tentative: <Trans>Tentative</Trans>,
    unreliable: <Trans>Unreliable</Trans>,
    unknown: <Trans>Not measurable</Trans>,
  }
  return (
    <Badge color={READING_COLOURS[reading]} variant="light">
      {labels[reading]}
    </Badge>
  )
}

function Agreement({ fields }: { fields: TaskQuality['fields'] }) {
  const { t, i18n } = useLingui()
  const rows: FieldRow[] = Object.entries(fields).map(([name, field]) => ({ name, ...field }))
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>
          None of this task's fields is compared: agreement is measured on choices, check boxes and
          numbers, not on free text.
        </Trans>
      </Text>
    )
  }
  if (rows.every((row) => row.values === 0)) {
    return (
      <Empty title={<Trans>Not enough overlapping annotations yet.</Trans>}>
        <Trans>Agreement shows once at least two workers have done the same item.</Trans>
      </Empty>
    )
  }
  const columns: DataColumn<FieldRow>[] = [
    { key: 'name', header: <Trans>Field</Trans>, cell: (row) => row.name, rowHeader: true },
    {
      key: 'alpha',
      header: <Trans>Krippendorff's α</Trans>,
      cell: (row) =>
        row.alpha === null ? '—' : i18n.number(row.alpha, { maximumFractionDigits: 3 }),
      numeric: true,
    },
    {
      key: 'reading',
      header: <Trans>Reading</Trans>,
      cell: (row) => <ReadingBadge alpha={row.alpha} />,
    },
    {
      key: 'pairs',
      header: <Trans>Agreeing pairs</Trans>,
      cell: (row) => percentOrDash(row.percent_agreement),
      numeric: true,
    },
    {
      key: 'items',
      header: <Trans>Items compared</Trans>,
      cell: (row) => row.items,
      numeric: true,
    },
    {
      key: 'values',
      header: <Trans>Values compared</Trans>,
      cell: (row) => row.values,
      numeric: true,
    },
  ]
  const reliable = i18n.number(ALPHA_RELIABLE)
  const tentative = i18n.number(ALPHA_TENTATIVE)
  return (
    <Stack gap="xs">
      <DataTable
        label={t`Agreement per field`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name}
        minWidth={640}
        striped
      />
      <Text c="dimmed" size="xs">
        <Trans>
          α of {reliable} or more: the labels are reliable; from {tentative}: tentative conclusions
          only; below: unreliable. Items done by only one worker are not compared.
        </Trans>
      </Text>
    </Stack>
  )
}

function Workers({ workers }: { workers: Worker[] }) {
  const { t } = useLingui()
  if (workers.length === 0) {
    return <Empty title={<Trans>Nobody has done work on this task yet.</Trans>} />
  }
  const interval = (worker: Worker) =>
    worker.gold_ci95 === null
      ? '—'
      : `${percentOrDash(worker.gold_ci95[0])} – ${percentOrDash(worker.gold_ci95[1])}`
  const columns: DataColumn<Worker>[] = [
    {
      key: 'username',
      header: <Trans>Worker</Trans>,
      cell: (worker) => worker.username,
      rowHeader: true,
    },
    {
      key: 'gold_answers',
      header: <Trans>Gold answers</Trans>,
      cell: (worker) => worker.gold_answers,
      numeric: true,
    },
    {
      key: 'gold_accuracy',
      header: <Trans>Gold accuracy</Trans>,
      cell: (worker) => percentOrDash(worker.gold_accuracy),
      numeric: true,
    },
    { key: 'ci95', header: <Trans>95 % interval</Trans>, cell: interval, numeric: true },
    {
      key: 'agreement',
      header: <Trans>Agreement with others</Trans>,
      cell: (worker) => percentOrDash(worker.agreement),
      numeric: true,
    },
    {
      key: 'flagged',
      header: <Trans>Flagged work</Trans>,
      cell: (worker) =>
        worker.flagged_items > 0 ? (
          <Badge color="orange" variant="light">
            {worker.flagged_items}
          </Badge>
        ) : (
          0
        ),
      numeric: true,
    },
  ]
  return (
    <Stack gap="md">
      <GoldAccuracyChart workers={workers.filter((worker) => worker.gold_accuracy !== null)} />
      <DataTable
        label={t`Quality per worker`}
        columns={columns}
        rows={workers}
        rowKey={(worker) => worker.id}
        minWidth={760}
        striped
        highlightOnHover
      />
    </Stack>
  )
}

/**
 * Gold accuracy per worker as bars, each with its 95 % interval as an error bar. A picture to
 * screen readers: the table under it holds the same figures.
 */
function GoldAccuracyChart({ workers }: { workers: Worker[] }) {
  const { t } = useLingui()
  if (workers.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>No worker has answered a gold item yet.</Trans>
      </Text>
    )
  }
  const data = workers.map((worker) => {
    const accuracy = (worker.gold_accuracy ?? 0) * 100
    const [low, high] = worker.gold_ci95 ?? [0, 0]
    return {
      worker: worker.username,
      accuracy,
      // Recharts draws an error bar from offsets below and above the value.
      interval: [accuracy - low * 100, high * 100 - accuracy],
    }
  })
  return (
    <figure aria-label={t`Gold accuracy per worker`} style={{ margin: 0 }}>
      <BarChart
        h={Math.max(160, 48 * data.length)}
        data={data}
        dataKey="worker"
        orientation="vertical"
        yAxisProps={{ width: 100 }}
        xAxisProps={{ domain: [0, 100] }}
        unit="%"
        series={[{ name: 'accuracy', label: t`Gold accuracy`, color: 'teal.6' }]}
        barProps={{
          children: <ErrorBar dataKey="interval" width={6} strokeWidth={2} direction="x" />,
        }}
        aria-hidden
      />
    </figure>
  )
}
