import { useLingui } from '@lingui/react/macro'
import { Box, Code } from '@mantine/core'
import type { CSSProperties } from 'react'

type LineKind = 'added' | 'removed' | 'hunk' | 'header' | 'context'

function lineKind(line: string): LineKind {
  if (line.startsWith('+++') || line.startsWith('---')) return 'header'
  if (line.startsWith('+')) return 'added'
  if (line.startsWith('-')) return 'removed'
  if (line.startsWith('@@')) return 'hunk'
  return 'context'
}

const LINE_STYLES: Record<LineKind, CSSProperties> = {
  added: {
    backgroundColor: 'var(--mantine-color-green-light)',
    color: 'var(--mantine-color-green-light-color)',
  },
  removed: {
    backgroundColor: 'var(--mantine-color-red-light)',
    color: 'var(--mantine-color-red-light-color)',
  },
  hunk: { color: 'var(--mantine-color-blue-light-color)' },
  header: { fontWeight: 700 },
  context: {},
}

/**
 * A unified diff, one line per row: added lines green, removed lines red. The leading '+' and '-'
 * stay visible, so the change reads without colour too.
 */
export function ProtocolDiff({ diff }: { diff: string }) {
  const { t } = useLingui()
  const lines = diff.replace(/\n$/, '').split('\n')
  return (
    <Code
      block
      component="div"
      role="region"
      aria-label={t`Changes in this version`}
      style={{ overflowX: 'auto' }}
    >
      {lines.map((line, index) => {
        const kind = lineKind(line)
        return (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat, and the list never changes while shown
            key={index}
            data-diff={kind}
            px={4}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', ...LINE_STYLES[kind] }}
          >
            {line === '' ? '\u00a0' : line}
          </Box>
        )
      })}
    </Code>
  )
}
