import '@mantine/charts/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { BarChart } from '@mantine/charts'
import { Text, VisuallyHidden } from '@mantine/core'
import type { TaskStats } from '../../../../../contract/client-tasks'
import { DataTable } from '../../../../ui/DataTable'
import { formatDate } from '../format'

type Histogram = TaskStats['annotations_histogram']

/**
 * Done annotations per day as bars. The chart is a picture to screen readers, so the same
 * figures follow as a visually hidden table.
 */
export function AnnotationsHistogram({ histogram }: { histogram: Histogram }) {
  const { t } = useLingui()
  if (histogram.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>No annotations have been done yet.</Trans>
      </Text>
    )
  }
  const data = histogram.map((day) => ({
    day: formatDate(day.timestamp),
    annotations: day.annotations_count,
  }))
  const title = t`Done annotations per day`
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        series={[{ name: 'annotations', label: t`Annotations`, color: 'blue.6' }]}
        tickLine="y"
        aria-hidden
      />
      <VisuallyHidden>
        <DataTable
          label={title}
          columns={[
            { key: 'day', header: <Trans>Day</Trans>, cell: (day) => day.day },
            {
              key: 'annotations',
              header: <Trans>Annotations</Trans>,
              cell: (day) => day.annotations,
            },
          ]}
          rows={data}
          rowKey={(day) => day.day}
        />
      </VisuallyHidden>
    </figure>
  )
}
