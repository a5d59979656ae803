import { useLingui } from '@lingui/react/macro'
import { Paper, SimpleGrid, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MosDetail, mosText } from './MosFigure'
import { feedbackStatsQuery } from './queries'

/** MOS, last month's MOS, done and reviewed annotations; 'N/A' for a figure missing. */
export function FeedbackStatsCards() {
  const { t } = useLingui()
  const stats = useQuery(feedbackStatsQuery())
  const data = stats.data
  const cards: [string, string, ReactNode][] = [
    [t`MOS`, data ? mosText(data.mos_detail) : 'N/A', data && <MosDetail mos={data.mos_detail} />],
    [
      t`Last month MOS`,
      data ? mosText(data.mos_30d_detail) : 'N/A',
      data && <MosDetail mos={data.mos_30d_detail} />,
    ],
    [t`Done annotations`, data ? String(data.done_annotations_count) : 'N/A', null],
    [t`Reviewed annotations`, data ? String(data.reviewed_annotations_count) : 'N/A', null],
  ]
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }}>
      {cards.map(([label, figure, detail]) => (
        <Paper key={label} withBorder p="sm" component="section" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl" data-figure>
            {figure}
          </Text>
          {detail && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  )
}
