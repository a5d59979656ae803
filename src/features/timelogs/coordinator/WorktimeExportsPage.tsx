import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Badge,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { IconDownload, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  WORKTIME_EXPORT_PAGE_SIZE,
  type WorktimeExport,
  WorktimeExportInputSchema,
} from '../../../../contract/timelogs'
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDialog'
import { FormError } from '../../../ui/forms/FormError'
import { SubmitButton } from '../../../ui/forms/SubmitButton'
import { useForm } from '../../../ui/forms/use-form'
import { notifySuccess } from '../../../ui/notify'
import { PagedTable } from '../../../ui/PagedList'
import { TitleBar } from '../../../ui/TitleBar'
import { formatDateTime } from '../../account/format'
import { TimeFramePicker } from '../../client/definitions/task-types/statistics/TimeFramePicker'
import type { TimeFrame } from '../../client/definitions/task-types/statistics/time-frame'
import { notifyFailure } from '../../client/tasks/errors'
import { saveBlob } from '../../client/tasks/export/save-blob'
import { coordinationGroupsQuery } from '../../coordinator/queries'
import { coordinatorChoicesQuery, userRefsQuery } from '../../coordinator/users/queries'
import { deviceTimeZone, formatDuration } from '../format'
import { rangeFilters } from '../IntervalFilterBar'
import {
  createWorktimeExport,
  deleteWorktimeExport,
  downloadWorktimeExport,
  intervalOptionsQuery,
  timelogKeys,
  worktimeExportStatsQuery,
  worktimeExportsQuery,
} from '../queries'

const STATUS_COLORS = { PROCESSING: 'blue', FINISHED: 'green', FAILED: 'red' } as const

/** /coordinator/timelogs/work-time-export: each user's approved work time over a range, as CSV. */
export function WorktimeExportsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const list = useQuery(worktimeExportsQuery((page - 1) * WORKTIME_EXPORT_PAGE_SIZE))
  const { data: stats } = useQuery(worktimeExportStatsQuery())
  const [deleting, setDeleting] = useState<WorktimeExport | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: timelogKeys.exports() })

  const deletion = useMutation({
    mutationFn: () => deleteWorktimeExport((deleting as WorktimeExport).id),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
    onError: (error) => notifyFailure(t`The export could not be deleted.`, error),
  })
  const download = useMutation({
    mutationFn: async (row: WorktimeExport) => {
      saveBlob(await downloadWorktimeExport(row.id), `work-time-${row.id}.csv`)
    },
    onError: (error) => notifyFailure(t`The file could not be downloaded.`, error),
  })

  return (
    <Stack>
      <TitleBar title={<Trans>Work time exports</Trans>} level="page">
        {stats && (
          <Group gap="xs" aria-label={t`Exports by status`}>
            <Badge variant="light">{t`${stats.count} in total`}</Badge>
            <Badge color="blue" variant="light">{t`${stats.processing} running`}</Badge>
            <Badge color="green" variant="light">{t`${stats.finished} finished`}</Badge>
            <Badge color="red" variant="light">{t`${stats.failed} failed`}</Badge>
          </Group>
        )}
      </TitleBar>
      <ExportForm onCreated={() => void refresh()} />
      <PagedTable<WorktimeExport>
        query={list}
        loadingLabel={t`Work time exports`}
        failedTitle={<Trans>The exports could not be loaded.</Trans>}
        emptyTitle={<Trans>No work time exports yet</Trans>}
        paging={{ page, onPage: setPage, pageSize: WORKTIME_EXPORT_PAGE_SIZE }}
        label={t`Work time exports`}
        minWidth={720}
        striped
        columns={[
          {
            key: 'range',
            header: <Trans>Time range</Trans>,
            cell: (row) => `${formatDateTime(row.start)} – ${formatDateTime(row.end)}`,
            rowHeader: true,
          },
          {
            key: 'status',
            header: <Trans>Status</Trans>,
            cell: (row) =>
              row.status === 'PROCESSING' ? (
                <Progress
                  value={row.progress}
                  animated
                  aria-label={t`Export ${row.id}: ${row.progress}% done`}
                  w={120}
                />
              ) : (
                <Tooltip label={row.error} disabled={!row.error}>
                  <Badge color={STATUS_COLORS[row.status]} variant="light">
                    {row.status === 'FINISHED' ? t`Finished` : t`Failed`}
                  </Badge>
                </Tooltip>
              ),
          },
          {
            key: 'users',
            header: <Trans>Users</Trans>,
            cell: (row) => row.rows_count,
            numeric: true,
          },
          {
            key: 'total',
            header: <Trans>Work time</Trans>,
            cell: (row) => formatDuration(row.total_seconds),
            numeric: true,
          },
          {
            key: 'created',
            header: <Trans>Created</Trans>,
            cell: (row) => (
              <Stack gap={0}>
                <Text size="sm">{formatDateTime(row.created_timestamp)}</Text>
                <Text size="xs" c="dimmed">
                  {row.author?.username}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'actions',
            header: <Trans>Actions</Trans>,
            cell: (row) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t`Download CSV`}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t`Download export ${row.id} as CSV`}
                    disabled={row.status !== 'FINISHED'}
                    loading={download.isPending && download.variables?.id === row.id}
                    onClick={() => download.mutate(row)}
                  >
                    <IconDownload size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t`Delete`}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Delete export ${row.id}`}
                    onClick={() => setDeleting(row)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={<Trans>Delete this work time export?</Trans>}
        deletion={deletion}
        onCancel={() => setDeleting(null)}
      >
        <Trans>Its file is removed; the time logs stay as they are.</Trans>
      </ConfirmDeleteDialog>
    </Stack>
  )
}

type ExportDraft = {
  range: TimeFrame
  groups: string[]
  users: string[]
  types: string[]
  task_types: string[]
  projects: string[]
}

const EMPTY_EXPORT: ExportDraft = {
  range: [null, null],
  groups: [],
  users: [],
  types: [],
  task_types: [],
  projects: [],
}

const ids = (values: string[]) => values.map(Number)

/** A new export: a time range (required) and the groups, users and kinds of work it covers. */
function ExportForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useLingui()
  const coordinationGroups = useQuery(coordinationGroupsQuery()).data ?? []
  const timelogTypes = useQuery(intervalOptionsQuery()).data?.timelog_types ?? []
  const users = useQuery(userRefsQuery()).data ?? []
  const taskTypes = useQuery(coordinatorChoicesQuery('task-types')).data ?? []
  const projects = useQuery(coordinatorChoicesQuery('projects')).data ?? []
  const form = useForm({
    initialValues: EMPTY_EXPORT,
    // Kept on the device while it is filled in, so a reload loses no choice.
    draft: 'timelogs.worktime-export',
    schema: WorktimeExportInputSchema,
    check: (values) => (values.range[0] === null ? { range: msg`Pick the days to export.` } : {}),
    toInput: (values) => {
      const { start, end } = rangeFilters(
        [values.range[0], values.range[1] ?? values.range[0]],
        deviceTimeZone(),
      )
      return {
        start,
        end,
        groups: ids(values.groups),
        users: ids(values.users),
        types: ids(values.types),
        task_types: ids(values.task_types),
        projects: ids(values.projects),
      }
    },
    submit: createWorktimeExport,
    onSuccess: () => {
      form.reset(EMPTY_EXPORT)
      notifySuccess({ message: t`The export has started.` })
      onCreated()
    },
  })
  const choices = (items: { id: number; name: string }[]) =>
    items.map((item) => ({ value: String(item.id), label: item.name }))
  const picker = (field: Exclude<keyof ExportDraft, 'range'>, label: string, empty: string) => ({
    label,
    placeholder: form.values[field].length === 0 ? empty : undefined,
    ...form.field(field),
    clearable: true,
    searchable: true,
    w: { base: '100%', sm: 260 },
  })

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t`New work time export`}
    >
      <Stack gap="xs">
        <Group align="flex-start" gap="sm">
          <TimeFramePicker
            value={form.values.range}
            onChange={(range) => form.setValue('range', range)}
            required
            error={form.errors.range}
          />
          <MultiSelect
            data={choices(coordinationGroups)}
            {...picker('groups', t`Coordination groups`, t`All your groups`)}
          />
          <MultiSelect
            data={users.map((user) => ({ value: String(user.id), label: user.username }))}
            {...picker('users', t`Users`, t`Every user`)}
          />
          <MultiSelect
            data={choices(timelogTypes)}
            {...picker('types', t`Kinds of time`, t`Every kind`)}
          />
          <MultiSelect
            data={choices(taskTypes)}
            {...picker('task_types', t`Task types`, t`Every task type`)}
          />
          <MultiSelect
            data={choices(projects)}
            {...picker('projects', t`Projects`, t`Every project`)}
          />
        </Group>
        <FormError message={form.generalError} />
        <Group>
          <SubmitButton pending={form.pending}>
            <Trans>Export work time</Trans>
          </SubmitButton>
        </Group>
      </Stack>
    </Paper>
  )
}
