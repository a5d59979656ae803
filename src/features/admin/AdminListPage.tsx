import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Button, Group, Modal, Select, Stack, TextInput, Tooltip } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { DEFAULT_PAGE_SIZE } from '../../../contract/constants'
import { ConfirmDeleteDialog } from '../../ui/ConfirmDialog'
import type { DataColumn } from '../../ui/DataTable'
import { generalMessage } from '../../ui/forms/form-errors'
import { notifyError } from '../../ui/notify'
import { PagedTable } from '../../ui/PagedList'
import { TitleBar } from '../../ui/TitleBar'
import { useViewportAtMost } from '../../ui/use-screen-width'
import { type AdminCollection, type AdminListQuery, adminKeys } from './api'

/** How long typing pauses before the list is searched again. */
const SEARCH_DEBOUNCE_MS = 300

type Ordering = { value: string; label: string }

/** Filters sit two to a row on a phone (the row's gap is 12 px), side by side on wider screens. */
export const FILTER_WIDTH = { base: 'calc(50% - 6px)', sm: 180 }

type AdminListPageProps<T extends { id: number }> = {
  title: ReactNode
  /** Names the table and the search. */
  label: string
  /** What one entry is called in the buttons and dialogs ('language'). */
  noun: { create: string; edit: (row: T) => string; remove?: (row: T) => string }
  orderings: Ordering[]
  /** The list's own filters and the query parameters they set. */
  filters?: ReactNode
  filterQuery?: AdminListQuery
  api: Pick<AdminCollection<T>, 'list'> & Partial<Pick<AdminCollection<T>, 'remove'>>
  columns: DataColumn<T>[]
  /** The keys of the columns a phone shows (all when not given); a phone has room for few. */
  phoneColumns?: string[]
  /** Row actions besides Edit and Delete. */
  rowActions?: (row: T) => ReactNode
  emptyTitle: ReactNode
  /** The create or edit form (row null for a new entry); `close` ends the dialog. */
  form: (row: T | null, close: () => void) => ReactNode
  /** What deleting an entry means, shown in the confirmation. */
  deleteWarning?: ReactNode
}

/**
 * A staff list of one kind of thing: search, ordering, the list's own filters, a page of rows,
 * and the dialogs to create, edit and delete an entry. A refused deletion (still in use) says
 * what uses the entry.
 */
export function AdminListPage<T extends { id: number }>({
  title,
  label,
  noun,
  orderings,
  filters,
  filterQuery = {},
  api,
  columns,
  phoneColumns,
  rowActions,
  emptyTitle,
  form,
  deleteWarning,
}: AdminListPageProps<T>) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const phone = useViewportAtMost('36em')
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS)
  const [ordering, setOrdering] = useState(orderings[0]?.value ?? 'name')
  const filterKey = JSON.stringify([debouncedSearch.trim(), ordering, filterQuery])
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1
  const result = useQuery(
    api.list({
      search: debouncedSearch.trim() || undefined,
      ordering,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
      limit: DEFAULT_PAGE_SIZE,
      ...filterQuery,
    }),
  )
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const [deleting, setDeleting] = useState<T | null>(null)
  const deletion = useMutation({
    mutationFn: () => (deleting && api.remove ? api.remove(deleting.id) : Promise.resolve()),
    onSuccess: () => {
      setDeleting(null)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
    onError: (error) => {
      setDeleting(null)
      notifyError({
        title: t`It could not be deleted.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      })
    },
  })

  const actions: DataColumn<T> = {
    key: 'actions',
    header: <Trans>Actions</Trans>,
    cell: (row) => (
      <Group gap={4} wrap="nowrap">
        {rowActions?.(row)}
        <Tooltip label={noun.edit(row)}>
          <ActionIcon variant="subtle" aria-label={noun.edit(row)} onClick={() => setEditing(row)}>
            <IconPencil aria-hidden />
          </ActionIcon>
        </Tooltip>
        {api.remove && noun.remove && (
          <Tooltip label={noun.remove(row)}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={noun.remove(row)}
              onClick={() => setDeleting(row)}
            >
              <IconTrash aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
  }
  const close = () => setEditing(null)

  return (
    <Stack gap="md">
      <TitleBar title={title} level="page">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {noun.create}
        </Button>
      </TitleBar>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t`Search`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label={t`Order by`}
          data={orderings}
          value={ordering}
          onChange={(value) => value && setOrdering(value)}
          allowDeselect={false}
          w={FILTER_WIDTH}
        />
        {filters}
      </Group>
      <PagedTable
        query={result}
        emptyTitle={emptyTitle}
        paging={{ page, onPage: (next) => setPaging({ filterKey, page: next }) }}
        label={label}
        columns={[
          ...columns.filter(
            (column) => !phone || !phoneColumns || phoneColumns.includes(column.key),
          ),
          actions,
        ]}
        minWidth={phone ? undefined : 720}
        striped
        highlightOnHover
      />
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === null ? '' : editing === 'new' ? noun.create : noun.edit(editing)}
        size="lg"
        fullScreen={phone}
      >
        {editing !== null && form(editing === 'new' ? null : editing, close)}
      </Modal>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={deleting && noun.remove ? noun.remove(deleting) : ''}
        deletion={deletion}
        onCancel={() => setDeleting(null)}
      >
        {deleteWarning}
      </ConfirmDeleteDialog>
    </Stack>
  )
}
