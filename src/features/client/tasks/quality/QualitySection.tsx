import '@mantine/charts/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Badge, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Rectangle } from 'recharts'
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
  const data: AccuracyRow[] = workers.map((worker) => {
    const [low, high] = worker.gold_ci95 ?? [0, 0]
    return {
      worker: worker.username,
      accuracy: (worker.gold_accuracy ?? 0) * 100,
      low: low * 100,
      high: high * 100,
    }
  })
  return (
    <figure aria-label={t`Gold accuracy per worker`} style={{ margin: 0 }}>
      <BarChart
        h={Math.max(160, 48 * data.length)}
        data={data}
        dataKey="worker"
        orientation="vertical"
        yAxisProps={{ width: AXIS_NAME_WIDTH, tickFormatter: shortName }}
        xAxisProps={{ domain: [0, 100] }}
        // Not `unit`: the chart puts it on the axis of names too.
        valueFormatter={formatPercent}
        series={[{ name: 'accuracy', label: t`Gold accuracy`, color: 'teal.6' }]}
        barProps={{ shape: (props: unknown) => <BarWithInterval {...(props as IntervalBar)} /> }}
        aria-hidden
      />
    </figure>
  )
}

type AccuracyRow = { worker: string; accuracy: number; low: number; high: number }

/** Room for the names beside the bars; longer names are cut (the table gives them whole). */
const AXIS_NAME_WIDTH = 130
const AXIS_NAME_LENGTH = 16
const shortName = (name: string) =>
  name.length > AXIS_NAME_LENGTH ? `${name.slice(0, AXIS_NAME_LENGTH - 1)}…` : name

/** What the chart hands a bar's shape: its rectangle, the row's plot band and its data. */
type IntervalBar = {
  x: number
  y: number
  width: number
  height: number
  fill: string
  background: { x: number; width: number }
  payload: AccuracyRow
}

/**
 * A bar with its 95 % interval drawn across it. The chart drops children given to its bars, so
 * the interval is part of the bar's shape, placed on the plot band (0 to 100 %).
 */
function BarWithInterval({ x, y, width, height, fill, background, payload }: IntervalBar) {
  const at = (percent: number) => background.x + (background.width * percent) / 100
  const [from, to] = [at(payload.low), at(payload.high)]
  const middle = y + height / 2
  const cap = Math.min(8, height / 3)
  return (
    <g>
      <Rectangle x={x} y={y} width={width} height={height} fill={fill} />
      <g stroke="var(--mantine-color-text)" strokeWidth={2}>
        <line x1={from} x2={to} y1={middle} y2={middle} />
        <line x1={from} x2={from} y1={middle - cap} y2={middle + cap} />
        <line x1={to} x2={to} y1={middle - cap} y2={middle + cap} />
      </g>
    </g>
  )
}
