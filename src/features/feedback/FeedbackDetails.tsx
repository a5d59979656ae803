import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReviewedItem } from '../../../contract/review'
import { Empty } from '../../ui/QueryStates'
import { formatMoment } from '../review/format'
import { ERROR_TYPE_LABELS } from '../review/marks'
import { ReviewedItemView } from '../review/ReviewedItemView'
import { MarkBadge } from './MarkBadge'

/** 'Feedback Details': each selected item whole, with the worker's annotation and its grade. */
export function FeedbackDetails({ items }: { items: ReviewedItem[] }) {
  const { t, i18n } = useLingui()
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          <Trans>Feedback Details</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>The items you selected, with your annotation and its review.</Trans>
        </Text>
      </div>
      {items.length === 0 ? (
        <Empty title={<Trans>Select some Review Items first</Trans>} />
      ) : (
        items.map((item) => {
          const itemId = item.item_id
          const reviewed = formatMoment(item.reviewed_timestamp)
          return (
            <Paper
              key={item.id}
              withBorder
              p="md"
              component="article"
              aria-label={t`Item #${itemId}`}
            >
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3} size="h5">
                    <Trans>Item #{itemId}</Trans>
                  </Title>
                  <MarkBadge mark={item.mark} />
                </Group>
                <ReviewedItemView item={item} mediaBase="review/feedback/items" />
                <Group gap={4}>
                  {item.error_types.map((type) => (
                    <Badge key={type} color="red" variant="light">
                      {i18n._(ERROR_TYPE_LABELS[type])}
                    </Badge>
                  ))}
                </Group>
                {item.comment && <Text size="sm">{item.comment}</Text>}
                <Text size="xs" c="dimmed">
                  <Trans>Reviewed {reviewed}</Trans>
                </Text>
              </Stack>
            </Paper>
          )
        })
      )}
    </Stack>
  )
}
