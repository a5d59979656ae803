import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import type { Paged } from '../../contract/common'

/** The count of a list paged by offset, and its Previous and Next buttons. */
export function PageButtons({
  page,
  offset,
  pageSize,
  onOffsetChange,
  countLabel,
}: {
  page: Paged<unknown>
  offset: number
  pageSize: number
  onOffsetChange: (offset: number) => void
  countLabel: string
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {countLabel}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={page.previous === null}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          <Trans>Previous</Trans>
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={page.next === null}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          <Trans>Next</Trans>
        </Button>
      </Group>
    </Group>
  )
}
