import { Trans } from '@lingui/react/macro'
import { Badge, Button, Group, Progress, Text } from '@mantine/core'
import { IconCloudCheck } from '@tabler/icons-react'
import type { OfflineCopy } from './useOfflineCopy'

/** How much of the set is on the device, and a clear badge once all of it is. */
export function OfflineCopyStatus({ copy }: { copy: OfflineCopy }) {
  const { ready, total } = copy
  if (copy.done) {
    return (
      <Badge color="teal" variant="light" leftSection={<IconCloudCheck size={14} aria-hidden />}>
        <Trans>Available offline</Trans>
      </Badge>
    )
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={(ready / total) * 100} w={80} size="sm" aria-hidden />
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
