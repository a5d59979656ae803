import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { Paged } from '../../../../contract/common'
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDialog'
import type { DataColumn } from '../../../ui/DataTable'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError } from '../../../ui/notify'
import { PagedTable } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { CoordinationGroupFilter } from '../CoordinationGroupFilter'
import { useCoordinationGroupFilter } from '../use-coordination-group'
import { useEveryKeyView } from './every-key'
import { KEY_PAGE_SIZE } from './queries'

/** The page of a key list: the selected coordination group, and the offset within it (0 again for another group). */
export function useKeyListPlace() {
  const selected = useCoordinationGroupFilter()
  const coordinationGroup = useEveryKeyView() ? null : selected
  const [paged, setPaged] = useState({ coordinationGroup, offset: 0 })
  const offset = paged.coordinationGroup === coordinationGroup ? paged.offset : 0
  return {
    place: { coordinationGroup, offset },
    setOffset: (next: number) => setPaged({ coordinationGroup, offset: next }),
  }
}

type KeyRow = { id: number; email: string | null }

type KeyListSectionProps<T extends KeyRow> = {
  title: ReactNode
  /** Names the table for screen readers. */
  tableLabel: string
  query: UseQueryResult<Paged<T>>
  columns: DataColumn<T>[]
  /** Actions of a row besides Delete (Edit). */
  rowActions?: (row: T) => ReactNode
  offset: number
  onOffsetChange: (offset: number) => void
  /** The create form (or the link of a key just made), above the list. */
  creation: ReactNode
  emptyTitle: ReactNode
  remove: (id: number) => Promise<unknown>
  /** The query key of every page of the list, refetched after a change. */
  listKey: readonly unknown[]
  deleteTitle: (row: T) => string
  deleteWarning: ReactNode
}

/**
 * A coordinator's list of keys: the coordination-group selector, the creation form, a page of
 * keys with their Delete action and the paging buttons.
 */
export function KeyListSection<T extends KeyRow>({
  title,
  tableLabel,
  query,
  columns,
  rowActions,
  offset,
  onOffsetChange,
  creation,
  emptyTitle,
  remove,
  listKey,
  deleteTitle,
  deleteWarning,
}: KeyListSectionProps<T>) {
  const { t, i18n } = useLingui()
  const everyKey = useEveryKeyView()
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState<T | null>(null)
  const deletion = useMutation({
    mutationFn: () => (deleting ? remove(deleting.id) : Promise.resolve()),
    onSuccess: () => {
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: listKey })
    },
    onError: (error) =>
      notifyError({
        title: t`The key could not be deleted.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  const actions: DataColumn<T> = {
    key: 'actions',
    header: <Trans>Actions</Trans>,
    cell: (row) => (
      <Group gap={4} wrap="nowrap">
        {rowActions?.(row)}
        <Tooltip label={t`Delete`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t`Delete the key of ${row.email ?? t`anyone`}`}
            onClick={() => setDeleting(row)}
          >
            <IconTrash aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    ),
  }

  return (
    <Stack>
      <TitleBar level="page" title={title} />
      {!everyKey && <CoordinationGroupFilter />}
      {creation}
      <PagedTable
        query={query}
        loadingLabel={t`Loading the keys…`}
        failedTitle={<Trans>The keys could not be loaded.</Trans>}
        emptyTitle={emptyTitle}
        paging={{
          offset,
          onOffset: onOffsetChange,
          pageSize: KEY_PAGE_SIZE,
          countLabel: (page) => t`Keys: ${page.count}`,
        }}
        label={tableLabel}
        columns={[...columns, actions]}
        minWidth={720}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={deleting ? deleteTitle(deleting) : ''}
        deletion={deletion}
        onCancel={() => setDeleting(null)}
      >
        {deleteWarning}
      </ConfirmDeleteDialog>
    </Stack>
  )
}
