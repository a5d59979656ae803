import { Trans, useLingui } from '@lingui/react/macro'
import {
  Anchor,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { forwardRef, useEffect } from 'react'
import { GIVEN_MARKS, REVIEW_ERROR_TYPES, type ReviewedItem } from '../../../contract/review'
import { GrowingTextarea } from '../../ui/GrowingTextarea'
import { ERROR_TYPE_LABELS, MARK_LABELS, markColour, TYPING_TARGETS } from './marks'
import { ReviewedItemView } from './ReviewedItemView'
import { SaveStatusIcon } from './SaveStatusIcon'
import { useReviewCard } from './useReviewCard'

type ReviewCardProps = {
  item: ReviewedItem
  /** Where edits go: a locked item is graded, a reviewed one amended. */
  via: 'locked' | 'reviewed'
  active: boolean
  onFocus: () => void
}

/**
 * One item under review: the item and the worker's annotation drawn read-only by the task's
 * widgets, the mark (1 terrible to 5 excellent, or skip), the error types, a comment and the
 * save status. Keyboard shortcuts act on the active card (ReviewList).
 */
export const ReviewCard = forwardRef<HTMLElement, ReviewCardProps>(function ReviewCard(
  { item, via, active, onFocus },
  ref,
) {
  const { t, i18n } = useLingui()
  const card = useReviewCard(item, via)
  const itemId = item.item_id
  const { setMark } = card

  // 1 to 5 give a mark and S skips, on the active card, unless the reviewer is typing.
  useEffect(() => {
    if (!active) return
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null
      if (target?.closest(TYPING_TARGETS)) return
      if (event.ctrlKey || event.metaKey || event.altKey) return
      const digit = Number(event.key)
      if (Number.isInteger(digit) && digit >= 1 && digit <= 5) setMark(digit as 1 | 2 | 3 | 4 | 5)
      else if (event.key.toLowerCase() === 's') setMark(-1)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [active, setMark])

  return (
    <Paper
      ref={ref}
      withBorder
      p="md"
      component="article"
      aria-label={t`Review item #${itemId}`}
      data-review-item={item.id}
      data-active={active || undefined}
      shadow={active ? 'md' : undefined}
      onFocusCapture={onFocus}
      onClick={onFocus}
      style={active ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            <Trans>Item #{itemId}</Trans>
          </Title>
          <Group gap="xs">
            <Anchor
              href={`/review/protocols/${item.protocol.id}`}
              target="_blank"
              rel="noopener"
              size="sm"
            >
              {item.protocol.name} v{item.protocol.version}
            </Anchor>
            <SaveStatusIcon status={card.status} problem={card.problem} />
          </Group>
        </Group>
        <ReviewedItemView item={item} mediaBase={`review/${via}-items`} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`mark-${item.id}`}>
            <Trans>Mark</Trans>
          </Text>
          <Group gap="xs" role="radiogroup" aria-labelledby={`mark-${item.id}`}>
            {GIVEN_MARKS.map((mark) => {
              const chosen = card.values.mark === mark
              return (
                <Button
                  key={mark}
                  role="radio"
                  aria-checked={chosen}
                  size="xs"
                  color={markColour(mark)}
                  variant={chosen ? 'filled' : 'light'}
                  onClick={() => card.setMark(mark)}
                >
                  {mark > 0 ? `${mark} ${i18n._(MARK_LABELS[mark])}` : i18n._(MARK_LABELS[mark])}
                </Button>
              )
            })}
          </Group>
        </Stack>
        <Chip.Group
          multiple
          value={card.values.error_types}
          onChange={(chosen) =>
            card.setErrorTypes(REVIEW_ERROR_TYPES.filter((type) => chosen.includes(type)))
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={4} aria-label={t`Error types`}>
            {REVIEW_ERROR_TYPES.map((type) => (
              <Chip key={type} value={type} size="xs">
                {i18n._(ERROR_TYPE_LABELS[type])}
              </Chip>
            ))}
          </SimpleGrid>
        </Chip.Group>
        <GrowingTextarea
          label={t`Comment`}
          minRows={2}
          value={card.values.comment}
          onChange={(event) => card.setComment(event.currentTarget.value)}
        />
        {item.reviewed_timestamp === null && card.values.mark === 0 && (
          <Badge variant="light" color="gray" w="fit-content">
            <Trans>Not graded yet</Trans>
          </Badge>
        )}
      </Stack>
    </Paper>
  )
})
