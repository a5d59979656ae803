import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Badge,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { IconDownload, IconListDetails } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type {
  FinanceCorrection,
  FinanceExport,
  FinanceExportDetail,
} from '../../../contract/finance'
import { type DataColumn, DataTable } from '../../ui/DataTable'
import { generalMessage } from '../../ui/forms/form-errors'
import { notifyError, notifySuccess } from '../../ui/notify'
import { PagedTable } from '../../ui/PagedList'
import { Empty, QueryContent } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { formatDateTime } from '../account/format'
import { saveBlob } from '../client/tasks/export/save-blob'
import { formatDate, formatDuration } from '../client/tasks/format'
import { FinanceExportForm } from './FinanceExportForm'
import {
  downloadFinanceExport,
  FINANCE_PAGE_SIZE,
  financeExportDetailQuery,
  financeExportsQuery,
  financeKeys,
  startFinanceExport,
} from './queries'

function StatusCell({ row }: { row: FinanceExport }) {
  const { t } = useLingui()
  if (row.status === 'PROCESSING') {
    return (
      <Stack gap={4} miw={120}>
        <Badge variant="light">
          <Trans>Processing</Trans>
        </Badge>
        <Progress
          value={row.progress}
          animated
          aria-label={t`Progress of export ${row.id}`}
          aria-valuetext={`${Math.round(row.progress)}%`}
        />
      </Stack>
    )
  }
  if (row.status === 'FAILED') {
    return (
      <Tooltip label={row.error ?? ''} disabled={!row.error}>
        <Badge color="red" variant="light">
          <Trans>Failed</Trans>
        </Badge>
      </Tooltip>
    )
  }
  return (
    <Badge color="green" variant="light">
      <Trans>Finished</Trans>
    </Badge>
  )
}

/** /finance/finance-exports: approved time per user and day, weighted by the day's ratio. */
export function FinanceExportsPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [offset, setOffset] = useState(0)
  const query = useQuery(financeExportsQuery(offset))
  const [detailOf, setDetailOf] = useState<number | null>(null)
  const download = useMutation({
    mutationFn: async (row: FinanceExport) => ({ row, blob: await downloadFinanceExport(row.id) }),
    onSuccess: ({ row, blob }) =>
      saveBlob(blob, `finance-export-${row.id}-${row.date_from}-${row.date_to}.csv`),
    onError: (error) =>
      notifyError({
        title: t`The file could not be downloaded.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })

  const columns: DataColumn<FinanceExport>[] = [
    { key: 'id', header: '#', cell: (row) => row.id, rowHeader: true },
    {
      key: 'period',
      header: <Trans>Period</Trans>,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">
            {formatDate(row.date_from)} – {formatDate(row.date_to)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.time_zone}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: <Trans>Status</Trans>, cell: (row) => <StatusCell row={row} /> },
    {
      key: 'author',
      header: <Trans>Author</Trans>,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.author ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(row.created_timestamp)}
          </Text>
        </Stack>
      ),
    },
    { key: 'users', header: <Trans>Users</Trans>, cell: (row) => row.users_count, numeric: true },
    {
      key: 'work',
      header: <Trans>Approved work</Trans>,
      cell: (row) => formatDuration(row.totals.work_seconds),
      numeric: true,
    },
    {
      key: 'paid',
      header: <Trans>Paid time</Trans>,
      cell: (row) => formatDuration(row.totals.paid_seconds),
      numeric: true,
    },
    {
      key: 'weighted',
      header: <Trans>Paid time × ratio</Trans>,
      cell: (row) => formatDuration(row.totals.weighted_seconds),
      numeric: true,
    },
    {
      key: 'corrections',
      header: <Trans>Corrections</Trans>,
      cell: (row) =>
        row.previous_export === null ? (
          '—'
        ) : (
          <Badge color={row.corrections_count > 0 ? 'orange' : 'gray'} variant="light">
            {t`${row.corrections_count} vs #${row.previous_export}`}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t`Details`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Details of export ${row.id}`}
              onClick={() => setDetailOf(row.id)}
              disabled={row.status !== 'FINISHED'}
            >
              <IconListDetails aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Download CSV`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Download export ${row.id}`}
              onClick={() => download.mutate(row)}
              disabled={row.status !== 'FINISHED'}
              loading={download.isPending && download.variables?.id === row.id}
            >
              <IconDownload aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ]

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Finance exports</Trans>} />
      <Text size="sm" c="dimmed">
        <Trans>
          Approved work time (automatic and accepted), paid bonus breaks, the ratio in force each
          day and paid time × ratio, per user and day. An exported period is locked: changing a
          ratio there is a correction, which the next export of the same selection lists.
        </Trans>
      </Text>
      <Paper withBorder p="md">
        <FinanceExportForm
          submit={startFinanceExport}
          onStarted={() => {
            notifySuccess({ title: t`Export started` })
            setOffset(0)
            void queryClient.invalidateQueries({ queryKey: financeKeys.exports() })
          }}
        />
      </Paper>
      <PagedTable
        query={query}
        loadingLabel={t`Loading the finance exports…`}
        failedTitle={<Trans>The finance exports could not be loaded.</Trans>}
        emptyTitle={<Trans>No finance exports yet</Trans>}
        paging={{
          offset,
          onOffset: setOffset,
          pageSize: FINANCE_PAGE_SIZE,
          countLabel: (page) => t`Exports: ${page.count}`,
        }}
        label={t`Finance exports`}
        columns={columns}
        minWidth={1000}
      />
      <Modal
        opened={detailOf !== null}
        onClose={() => setDetailOf(null)}
        title={t`Finance export ${detailOf ?? ''}`}
        size="xl"
      >
        {detailOf !== null && <ExportDetail id={detailOf} />}
      </Modal>
    </Stack>
  )
}

const figures = (value: FinanceCorrection['current']) =>
  value === null ? '—' : `${formatDuration(value.paid_seconds)} × ${value.ratio ?? '—'}%`

function ExportDetail({ id }: { id: number }) {
  const { t } = useLingui()
  const query = useQuery(financeExportDetailQuery(id))
  const totalsColumns: DataColumn<FinanceExportDetail['user_totals'][number]>[] = [
    { key: 'user', header: <Trans>User</Trans>, cell: (row) => row.user, rowHeader: true },
    {
      key: 'work',
      header: <Trans>Approved work</Trans>,
      cell: (row) => formatDuration(row.work_seconds),
      numeric: true,
    },
    {
      key: 'breaks',
      header: <Trans>Paid bonus breaks</Trans>,
      cell: (row) => formatDuration(row.paid_bonus_break_seconds),
      numeric: true,
    },
    {
      key: 'paid',
      header: <Trans>Paid time</Trans>,
      cell: (row) => formatDuration(row.paid_seconds),
      numeric: true,
    },
    {
      key: 'weighted',
      header: <Trans>Paid time × ratio</Trans>,
      cell: (row) => formatDuration(row.weighted_seconds),
      numeric: true,
    },
  ]
  const correctionColumns: DataColumn<FinanceCorrection>[] = [
    { key: 'user', header: <Trans>User</Trans>, cell: (row) => row.user, rowHeader: true },
    { key: 'day', header: <Trans>Day</Trans>, cell: (row) => formatDate(row.day) },
    { key: 'before', header: <Trans>Before</Trans>, cell: (row) => figures(row.previous) },
    { key: 'now', header: <Trans>Now</Trans>, cell: (row) => figures(row.current) },
    {
      key: 'difference',
      header: <Trans>Difference</Trans>,
      numeric: true,
      cell: (row) => {
        const difference = row.weighted_seconds - row.previous_weighted_seconds
        return `${difference < 0 ? '−' : '+'}${formatDuration(Math.abs(difference))}`
      },
    },
  ]
  return (
    <QueryContent
      query={query}
      loadingLabel={t`Loading the export…`}
      failedTitle={<Trans>The export could not be loaded.</Trans>}
    >
      {(detail) => (
        <Stack>
          <TitleBar level="section" title={<Trans>Totals per user</Trans>} />
          {detail.user_totals.length === 0 ? (
            <Empty title={<Trans>No approved time in this period</Trans>} />
          ) : (
            <DataTable
              label={t`Totals per user`}
              columns={totalsColumns}
              rows={detail.user_totals}
              rowKey={(row) => row.user}
              minWidth={600}
            />
          )}
          {detail.previous_export !== null && (
            <>
              <TitleBar
                level="section"
                title={<Trans>Corrections against export #{detail.previous_export}</Trans>}
              />
              {detail.corrections.length === 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>Nothing changed since the previous export.</Trans>
                </Text>
              ) : (
                <DataTable
                  label={t`Corrections`}
                  columns={correctionColumns}
                  rows={detail.corrections}
                  rowKey={(row) => `${row.user}-${row.day}`}
                  minWidth={600}
                />
              )}
            </>
          )}
        </Stack>
      )}
    </QueryContent>
  )
}
