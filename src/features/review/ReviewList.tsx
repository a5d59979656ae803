import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ReviewedItem } from '../../../contract/review'
import type { ShortcutHelpEntry } from '../annotate/shortcuts'
import { TYPING_TARGETS } from './marks'
import { ReviewCard } from './ReviewCard'

/** The review list's keys, for the help overlay. */
export const REVIEW_SHORTCUTS: ShortcutHelpEntry[] = [
  {
    action: 'mark',
    keys: ['1', '…', '5'],
    label: msg`Mark the active item, 1 terrible to 5 excellent`,
  },
  { action: 'skip', keys: ['S'], label: msg`Skip the active item` },
  { action: 'next', keys: ['↓'], label: msg`Next item` },
  { action: 'previous', keys: ['↑'], label: msg`Previous item` },
]

/** Review cards, one of them active; the arrow keys move between them. */
export function ReviewList({ items, via }: { items: ReviewedItem[]; via: 'locked' | 'reviewed' }) {
  const { t } = useLingui()
  const [active, setActive] = useState(0)
  const cards = useRef<(HTMLElement | null)[]>([])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest(TYPING_TARGETS)) return
      const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
      if (step === 0) return
      event.preventDefault()
      setActive((current) => {
        const next = Math.min(items.length - 1, Math.max(0, current + step))
        cards.current[next]?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
        return next
      })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [items.length])

  return (
    <Stack gap="md" aria-label={t`Review cards`}>
      {items.map((item, index) => (
        <ReviewCard
          key={item.id}
          ref={(element) => {
            cards.current[index] = element
          }}
          item={item}
          via={via}
          active={index === active}
          onFocus={() => setActive(index)}
        />
      ))}
    </Stack>
  )
}
