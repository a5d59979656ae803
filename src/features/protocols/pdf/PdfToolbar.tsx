import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core'
import {
  IconArrowDown,
  IconArrowUp,
  IconSearch,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { PageJumpInput } from './PageJumpInput'
import type { PdfSearch } from './usePdfSearch'

type PdfToolbarProps = {
  pageCount: number
  /** The zoom in percent, for display. */
  zoomPercent: number
  search: PdfSearch
  onFind: (phrase: string, direction: 1 | -1) => void
  onJump: (page: number) => void
  onZoomIn: () => void
  onZoomOut: () => void
  onZoomReset: () => void
}

function IconButton({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  )
}

/** Search, page jump and zoom; every control is a labelled field or button, so all work by keyboard. */
export function PdfToolbar({
  pageCount,
  zoomPercent,
  search,
  onFind,
  onJump,
  onZoomIn,
  onZoomOut,
  onZoomReset,
}: PdfToolbarProps) {
  const { t } = useLingui()
  const [phrase, setPhrase] = useState('')
  const matchPage = search.pages[search.current]

  let result: string | null = null
  if (search.searching) result = t`Searching…`
  else if (search.query !== '' && matchPage === undefined) result = t`Not found`
  else if (matchPage !== undefined) {
    const index = search.current + 1
    const total = search.pages.length
    result = t`Page ${matchPage} (${index} of ${total} pages)`
  }

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Group align="flex-end" gap={4} wrap="nowrap">
        <TextInput
          label={t`Find in the protocol`}
          description={t`Enter: next page, Shift+Enter: previous`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={phrase}
          w={240}
          onChange={(event) => setPhrase(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            event.preventDefault()
            onFind(phrase, event.shiftKey ? -1 : 1)
          }}
        />
        <IconButton label={t`Previous page with a match`} onClick={() => onFind(phrase, -1)}>
          <IconArrowUp size={18} aria-hidden />
        </IconButton>
        <IconButton label={t`Next page with a match`} onClick={() => onFind(phrase, 1)}>
          <IconArrowDown size={18} aria-hidden />
        </IconButton>
      </Group>
      <PageJumpInput pageCount={pageCount} onJump={onJump} />
      <Group gap={4} wrap="nowrap">
        <IconButton label={t`Zoom out`} onClick={onZoomOut}>
          <IconZoomOut size={18} aria-hidden />
        </IconButton>
        <Text size="sm" w={48} ta="center" aria-live="polite">
          {zoomPercent}%
        </Text>
        <IconButton label={t`Zoom in`} onClick={onZoomIn}>
          <IconZoomIn size={18} aria-hidden />
        </IconButton>
        <IconButton label={t`Fit the page width`} onClick={onZoomReset}>
          <IconZoomReset size={18} aria-hidden />
        </IconButton>
      </Group>
      {result && (
        <Text size="sm" c="dimmed" role="status" pb={6}>
          {result}
        </Text>
      )}
    </Group>
  )
}
