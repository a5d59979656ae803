import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconLockOpen } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CoordinatorItemSet } from '../../../../contract/worker'
import { ConfirmDialog } from '../../../ui/ConfirmDialog'
import type { DataColumn } from '../../../ui/DataTable'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError, notifySuccess } from '../../../ui/notify'
import { PagedTable } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { formatDateTime } from '../../account/format'
import { DebouncedSearch } from '../../client/tasks/table/DebouncedSearch'
import { CoordinationGroupFilter } from '../CoordinationGroupFilter'
import { FlagFilter } from '../FlagFilter'
import { useCoordinationGroupFilter } from '../use-coordination-group'
import { endItemSetLock, itemSetKeys, itemSetListQuery } from './queries'
import type { ItemSetListSearch } from './search'

type ItemSetsPageProps = {
  search: ItemSetListSearch
  onSearch: (patch: Partial<ItemSetListSearch>) => void
}

/** /coordinator/item-sets: the sets handed to the coordinator's workers, and ending their locks. */
export function ItemSetsPage({ search, onSearch }: ItemSetsPageProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const coordinationGroup = useCoordinationGroupFilter()
  const list = useQuery(itemSetListQuery(search, coordinationGroup))
  const [ending, setEnding] = useState<CoordinatorItemSet | null>(null)
  const onFilter = (patch: Partial<ItemSetListSearch>) => onSearch({ ...patch, page: undefined })

  const endLock = useMutation({
    mutationFn: (set: CoordinatorItemSet) => endItemSetLock(set.id),
    onSuccess: (set) => {
      setEnding(null)
      notifySuccess({ message: t`The lock of set ${set.id} has ended.` })
      void queryClient.invalidateQueries({ queryKey: itemSetKeys.all() })
    },
    onError: (error) =>
      notifyError({
        title: t`The lock could not be ended.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  const columns: DataColumn<CoordinatorItemSet>[] = [
    { key: 'id', header: <Trans>Set</Trans>, cell: (set) => `#${set.id}`, rowHeader: true },
    {
      key: 'user',
      header: <Trans>Worker</Trans>,
      cell: (set) => (
        <Stack gap={0}>
          <Text size="sm">{set.user.username}</Text>
          <Text size="xs" c="dimmed">
            {`${set.user.first_name} ${set.user.last_name}`.trim()}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'task',
      header: <Trans>Task</Trans>,
      cell: (set) => set.task.description || `#${set.task.id}`,
    },
    {
      key: 'progress',
      header: <Trans>Progress</Trans>,
      cell: (set) => (
        <Stack gap={2} miw={120}>
          <Text size="xs">
            <Trans>
              {set.items_done} of {set.items_all} items
            </Trans>
          </Text>
          <Progress value={set.progress} size="sm" aria-label={t`Progress of set ${set.id}`} />
          <ReturnedItems set={set} />
        </Stack>
      ),
    },
    { key: 'flags', header: <Trans>Flags</Trans>, cell: (set) => <FlagCounts set={set} /> },
    {
      key: 'lock',
      header: <Trans>Lock</Trans>,
      cell: (set) => (
        <Stack gap={2} align="flex-start">
          {set.is_locked ? (
            <Badge color="blue" variant="light">
              <Trans>Locked</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>Ended</Trans>
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(set.lock_expiration_timestamp)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'created',
      header: <Trans>Created</Trans>,
      cell: (set) => formatDateTime(set.created_timestamp),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (set) => (
        <Button
          size="xs"
          variant="light"
          color="orange"
          leftSection={<IconLockOpen size={16} aria-hidden />}
          disabled={!set.is_locked}
          onClick={() => setEnding(set)}
          aria-label={t`End lock of set ${set.id}`}
        >
          <Trans>End lock</Trans>
        </Button>
      ),
    },
  ]

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Item Sets</Trans>} />
      <CoordinationGroupFilter />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DebouncedSearch
          label={t`Search`}
          value={search.search ?? ''}
          onSearch={(value) => onFilter({ search: value || undefined })}
        />
        <FlagFilter
          label={t`Flagged work`}
          yes={t`With flagged work`}
          no={t`Without flagged work`}
          value={search.flagged}
          onChange={(flagged) => onFilter({ flagged })}
        />
        <Select
          label={t`Order by`}
          data={[
            { value: '-created', label: t`Newest first` },
            { value: 'created', label: t`Oldest first` },
            { value: 'lock_expiration', label: t`Lock ends soonest` },
            { value: '-lock_expiration', label: t`Lock ends latest` },
            { value: 'user', label: t`Worker` },
            { value: '-progress', label: t`Most progress` },
            { value: 'progress', label: t`Least progress` },
          ]}
          value={search.ordering ?? '-created'}
          onChange={(ordering) =>
            onFilter({ ordering: (ordering ?? undefined) as ItemSetListSearch['ordering'] })
          }
          allowDeselect={false}
        />
      </SimpleGrid>
      <PagedTable
        query={list}
        loadingLabel={t`Loading the item sets…`}
        failedTitle={<Trans>The item sets could not be loaded.</Trans>}
        emptyTitle={<Trans>No item sets here</Trans>}
        paging={{ page: search.page ?? 1, onPage: (page) => onSearch({ page }) }}
        label={t`Item sets`}
        columns={columns}
        minWidth={900}
      />
      <ConfirmDialog
        opened={ending !== null}
        title={t`End the lock of set ${ending?.id ?? ''}?`}
        confirmLabel={<Trans>End lock</Trans>}
        danger
        pending={endLock.isPending}
        onConfirm={() => ending && endLock.mutate(ending)}
        onCancel={() => setEnding(null)}
      >
        <Trans>
          {ending?.user.username} can no longer work on this set; its unfinished items go back to
          the pool for others.
        </Trans>
      </ConfirmDialog>
    </Stack>
  )
}

/**
 * An ended lock keeps the set's done items and gives the others back to the pool: the row still
 * counts what the set held, and says how many went back.
 */
function ReturnedItems({ set }: { set: CoordinatorItemSet }) {
  const returned = set.items_all - set.items_done
  if (set.is_locked || returned <= 0) return null
  return (
    <Text size="xs" c="dimmed">
      <Plural
        value={returned}
        one="# item went back to the pool"
        other="# items went back to the pool"
      />
    </Text>
  )
}

/**
 * How many done items of the set the server flagged, by flag: judged from the worker's activity
 * samples (server/modules/quality/activity-flags.ts).
 */
function FlagCounts({ set }: { set: CoordinatorItemSet }) {
  if (set.flagged_items === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    )
  }
  return (
    <Stack gap={2} align="flex-start">
      {set.flags.NO_ACTIVITY > 0 && (
        <Badge color="red" variant="light">
          <Trans>No activity: {set.flags.NO_ACTIVITY}</Trans>
        </Badge>
      )}
      {set.flags.TOO_FAST > 0 && (
        <Badge color="orange" variant="light">
          <Trans>Too fast: {set.flags.TOO_FAST}</Trans>
        </Badge>
      )}
    </Stack>
  )
}
