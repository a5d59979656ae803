import { Trans } from '@lingui/react/macro'
import { Badge, Button, Group, Progress, Text, VisuallyHidden } from '@mantine/core'
import { IconCloudCheck } from '@tabler/icons-react'
import type { OfflineCopy } from './useOfflineCopy'

/**
 * How much of the set is on the device, and a clear badge once all of it is. `compact`, for a
 * phone's one-line status bar, shows the badge's icon and the files' count only.
 */
export function OfflineCopyStatus({ copy, compact }: { copy: OfflineCopy; compact: boolean }) {
  const { ready, total } = copy
  if (copy.done) {
    const available = <Trans>Available offline</Trans>
    return compact ? (
      <Badge color="teal" variant="light" circle>
        <IconCloudCheck size={14} aria-hidden />
        <VisuallyHidden>{available}</VisuallyHidden>
      </Badge>
    ) : (
      <Badge color="teal" variant="light" leftSection={<IconCloudCheck size={14} aria-hidden />}>
        {available}
      </Badge>
    )
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={(ready / total) * 100} w={compact ? 32 : 80} size="sm" aria-hidden />
      <Text size="sm" role="status">
        <Trans>
          Ready offline: {ready} of {total} files
        </Trans>
      </Text>
      {!copy.running && (
        <Button size="compact-xs" variant="subtle" onClick={copy.retry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </Group>
  )
}
