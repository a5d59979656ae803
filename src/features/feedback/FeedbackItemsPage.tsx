import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core'
import { IconListDetails, IconSelect } from '@tabler/icons-react'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DataTable } from '../../ui/DataTable'
import { Empty, LoadFailed, Loading } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { formatMoment } from '../review/format'
import { FeedbackDetails } from './FeedbackDetails'
import { FeedbackItemFilters } from './FeedbackItemFilters'
import { MarkBadge } from './MarkBadge'
import {
  type FeedbackItemFilters as Filters,
  feedbackItemOptionsQuery,
  feedbackItemsQuery,
  feedbackTaskQuery,
} from './queries'

/** The spec's `feedback_items`: the worker's reviewed items of one task. */
export function FeedbackItemsPage({ taskId }: { taskId: number }) {
  const { t } = useLingui()
  const [filters, setFilters] = useState<Filters>({})
  const [selected, setSelected] = useState<number[]>([])
  const [details, setDetails] = useState(false)
  const { data: task } = useSuspenseQuery(feedbackTaskQuery(taskId))
  const items = useQuery({
    ...feedbackItemsQuery(taskId, filters),
    placeholderData: keepPreviousData,
  })
  const options = useQuery(feedbackItemOptionsQuery(taskId))
  const toggle = (id: number) =>
    setSelected((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    )

  let content = <Loading label={t`Loading the feedback items…`} />
  if (items.isError) {
    content = (
      <LoadFailed error={items.error} title={<Trans>The items could not be loaded.</Trans>} />
    )
  } else if (details) {
    content = <FeedbackDetails ids={selected} />
  } else if (items.data?.results.length === 0) {
    content = <Empty title={<Trans>No reviewed items match.</Trans>} />
  } else if (items.data) {
    content = (
      <DataTable
        label={t`Feedback items`}
        rows={items.data.results}
        rowKey={(item) => item.id}
        minWidth={760}
        busy={items.isFetching}
        columns={[
          {
            key: 'select',
            header: '',
            cell: (item) => (
              <Checkbox
                aria-label={t`Select item #${item.item_id}`}
                checked={selected.includes(item.id)}
                onChange={() => toggle(item.id)}
              />
            ),
          },
          // The item's number, as the details and the review cards name it (Item #N).
          { key: 'id', header: t`ID`, cell: (item) => item.item_id, rowHeader: true },
          {
            key: 'protocol',
            header: t`Protocol`,
            cell: (item) => `${item.protocol.name} v${item.protocol.version}`,
          },
          {
            key: 'edition',
            header: t`Annotation edition`,
            cell: (item) => formatMoment(item.annotation_timestamp),
          },
          {
            key: 'reviewed',
            header: t`Reviewed`,
            cell: (item) => formatMoment(item.reviewed_timestamp),
          },
          {
            key: 'reviewer',
            header: t`Reviewer`,
            cell: (item) =>
              item.reviewer && (
                <Tooltip
                  label={`${item.reviewer.first_name} ${item.reviewer.last_name} <${item.reviewer.email}>`}
                >
                  <span>{item.reviewer.username}</span>
                </Tooltip>
              ),
          },
          { key: 'mark', header: t`Mark`, cell: (item) => <MarkBadge mark={item.mark} /> },
        ]}
      />
    )
  }

  const toggleLabel = details ? t`Select items` : t`Show the details of the selected items`
  return (
    <Stack gap="md">
      <TitleBar level="page" title={<Trans>Feedback Items</Trans>}>
        <Group gap="xs">
          {items.data && (
            <Badge variant="light" size="lg">
              <Trans>{items.data.count} results</Trans>
            </Badge>
          )}
          <Tooltip label={toggleLabel}>
            <ActionIcon
              radius="xl"
              size="lg"
              variant={details ? 'filled' : 'light'}
              aria-label={toggleLabel}
              aria-pressed={details}
              onClick={() => setDetails((current) => !current)}
            >
              {details ? (
                <IconSelect size={18} aria-hidden />
              ) : (
                <IconListDetails size={18} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      </TitleBar>
      <Text c="dimmed" size="sm" mt={-8}>
        {task.description} · {task.task_type.name} · {task.languages.base.name} →{' '}
        {task.languages.target.name}
      </Text>
      {options.data && (
        <FeedbackItemFilters options={options.data} value={filters} onChange={setFilters} />
      )}
      {content}
    </Stack>
  )
}
