import { Group, Title } from '@mantine/core'
import type { ReactNode } from 'react'

const LEVELS = {
  page: { order: 1, size: 'h2' },
  section: { order: 2, size: 'h4' },
} as const

type TitleBarProps = {
  title: ReactNode
  /** A page's own title, or the title of a section in it. */
  level: keyof typeof LEVELS
  /** At the other end of the bar: actions, filters, a way back. */
  children?: ReactNode
}

/** A title with what belongs to it aligned at the far end, wrapping below on narrow screens. */
export function TitleBar({ title, level, children }: TitleBarProps) {
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={LEVELS[level].order} size={LEVELS[level].size}>
        {title}
      </Title>
      {children}
    </Group>
  )
}
