import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { formatMoment } from '../review/format'
import { ERROR_TYPE_LABELS } from '../review/marks'
import { ReviewedItemView } from '../review/ReviewedItemView'
import { MarkBadge } from './MarkBadge'
import { feedbackItemQuery } from './queries'

/**
 * 'Feedback Details': each selected item whole, with the worker's annotation and its grade, asked
 * for by id, so items selected before the filters changed are still shown.
 */
export function FeedbackDetails({ ids }: { ids: number[] }) {
  const { t, i18n } = useLingui()
  const details = useQueries({ queries: ids.map(feedbackItemQuery) })
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
      {ids.length === 0 ? (
        <Empty title={<Trans>Select some Review Items first</Trans>} />
      ) : (
        details.map(({ data: item, error }, index) => {
          if (error) {
            const title = <Trans>The item could not be loaded.</Trans>
            return <LoadFailed key={ids[index]} error={error} title={title} />
          }
          if (!item) return <Loading key={ids[index]} label={t`Loading the item…`} />
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
