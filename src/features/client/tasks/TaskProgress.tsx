import { useLingui } from '@lingui/react/macro'
import { Group, Progress, Text } from '@mantine/core'
import { formatPercent } from './format'

/** A task's progress (done annotations over all it needs) as a labelled bar. */
export function TaskProgress({ value, label }: { value: number; label?: string }) {
  const { t } = useLingui()
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={value}
        flex={1}
        miw={60}
        aria-label={label ?? t`Progress`}
        color={value >= 100 ? 'green' : 'blue'}
      />
      <Text size="xs" c="dimmed" w={36} ta="right">
        {formatPercent(value)}
      </Text>
    </Group>
  )
}
