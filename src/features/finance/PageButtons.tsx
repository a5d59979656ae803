import { Trans } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import type { Paged } from '../../../contract/common'
import { FINANCE_PAGE_SIZE } from './queries'

/** The count of a paged list and its Previous and Next buttons. */
export function PageButtons({
  page,
  offset,
  onOffsetChange,
  countLabel,
}: {
  page: Paged<unknown>
  offset: number
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
          onClick={() => onOffsetChange(Math.max(0, offset - FINANCE_PAGE_SIZE))}
        >
          <Trans>Previous</Trans>
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={page.next === null}
          onClick={() => onOffsetChange(offset + FINANCE_PAGE_SIZE)}
        >
          <Trans>Next</Trans>
        </Button>
      </Group>
    </Group>
  )
}
