import type { MantineSpacing } from '@mantine/core'
import { Paper, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core'

type StatCardsProps = {
  /** Label and figure of each card. */
  stats: [string, string | number][]
  cols: SimpleGridProps['cols']
  padding: MantineSpacing
}

/** Key figures as a grid of small cards, the label above the figure. */
export function StatCards({ stats, cols, padding }: StatCardsProps) {
  return (
    <SimpleGrid cols={cols}>
      {stats.map(([label, value]) => (
        <Paper key={label} withBorder p={padding}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
