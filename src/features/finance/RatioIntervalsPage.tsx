import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCalendarOff, IconPencil, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  type RatioInterval,
  type RatioIntervalEnd,
  RatioIntervalEndSchema,
} from '../../../contract/finance'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import type { DataColumn } from '../../ui/DataTable'
import { DayInput } from '../../ui/forms/DayInput'
import { FormError } from '../../ui/forms/FormError'
import { generalMessage } from '../../ui/forms/form-errors'
import { useForm } from '../../ui/forms/use-form'
import { notifyError, notifySuccess } from '../../ui/notify'
import { PagedTable } from '../../ui/PagedList'
import { TitleBar } from '../../ui/TitleBar'
import { formatDate } from '../client/tasks/format'
import {
  createRatioInterval,
  deleteRatioInterval,
  endRatioInterval,
  FINANCE_PAGE_SIZE,
  financeKeys,
  financeOptionsQuery,
  type RatioIntervalFilters,
  ratioIntervalsQuery,
  updateRatioInterval,
} from './queries'
import { RatioIntervalForm } from './RatioIntervalForm'
import { UserPicker } from './UserPickers'

/** /finance/vsp-ratio-intervals: each user's pay ratio over dates. */
export function RatioIntervalsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [filters, setFilters] = useState<RatioIntervalFilters>({})
  const [offset, setOffset] = useState(0)
  const query = useQuery(ratioIntervalsQuery(filters, offset))
  const options = useQuery(financeOptionsQuery())
  const [editing, setEditing] = useState<RatioInterval | null>(null)
  const [ending, setEnding] = useState<RatioInterval | null>(null)
  const [deleting, setDeleting] = useState<RatioInterval | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: financeKeys.ratioIntervals() })
  const filter = (change: RatioIntervalFilters) => {
    setFilters((current) => ({ ...current, ...change }))
    setOffset(0)
  }

  const columns: DataColumn<RatioInterval>[] = [
    { key: 'user', header: <Trans>User</Trans>, cell: (row) => row.user.username, rowHeader: true },
    { key: 'ratio', header: <Trans>Ratio</Trans>, cell: (row) => `${row.ratio}%`, numeric: true },
    { key: 'from', header: <Trans>Valid from</Trans>, cell: (row) => formatDate(row.valid_from) },
    {
      key: 'to',
      header: <Trans>Valid to</Trans>,
      cell: (row) =>
        row.valid_to ? (
          formatDate(row.valid_to)
        ) : (
          <Badge variant="light" color="green">
            <Trans>Open</Trans>
          </Badge>
        ),
    },
    {
      key: 'source',
      header: <Trans>Source</Trans>,
      cell: (row) => (row.master_file === null ? t`By hand` : t`Master file #${row.master_file}`),
    },
    { key: 'author', header: <Trans>Author</Trans>, cell: (row) => row.author ?? '—' },
    {
      key: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t`Edit`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`Edit the interval of ${row.user.username} from ${row.valid_from}`}
              onClick={() => setEditing(row)}
            >
              <IconPencil aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`End`}>
            <ActionIcon
              variant="subtle"
              aria-label={t`End the interval of ${row.user.username} from ${row.valid_from}`}
              onClick={() => setEnding(row)}
            >
              <IconCalendarOff aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Delete`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t`Delete the interval of ${row.user.username} from ${row.valid_from}`}
              onClick={() => setDeleting(row)}
            >
              <IconTrash aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ]

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Ratio intervals</Trans>} />
      <Text size="sm" c="dimmed">
        <Trans>
          A user's pay ratio over days. A user's intervals never overlap: a new interval ends the
          open one it starts in.
        </Trans>
      </Text>
      <Paper withBorder p="md" component="section" aria-labelledby="new-ratio-interval">
        <Title order={2} size="h4" id="new-ratio-interval" mb="sm">
          <Trans>New ratio interval</Trans>
        </Title>
        <RatioIntervalForm
          editing={null}
          submit={createRatioInterval}
          onSaved={() => {
            notifySuccess({ title: t`Interval added` })
            void refresh()
          }}
        />
      </Paper>
      <TitleBar level="section" title={<Trans>Intervals</Trans>} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UserPicker
          label={t`User`}
          value={filters.user === undefined ? null : String(filters.user)}
          onChange={(value) => filter({ user: value === null ? undefined : Number(value) })}
        />
        <Select
          label={t`Group`}
          data={(options.data?.groups ?? []).map((group) => ({
            value: String(group.id),
            label: group.name,
          }))}
          placeholder={t`All groups`}
          value={filters.group === undefined ? null : String(filters.group)}
          onChange={(value) => filter({ group: value === null ? undefined : Number(value) })}
          searchable
          clearable
        />
        <DayInput
          label={t`In force on`}
          value={filters.date}
          onChange={(day) => filter({ date: day || undefined })}
        />
      </SimpleGrid>
      <PagedTable
        query={query}
        loadingLabel={t`Loading the ratio intervals…`}
        failedTitle={<Trans>The ratio intervals could not be loaded.</Trans>}
        emptyTitle={<Trans>No ratio intervals</Trans>}
        paging={{
          offset,
          onOffset: setOffset,
          pageSize: FINANCE_PAGE_SIZE,
          countLabel: (page) => t`Intervals: ${page.count}`,
        }}
        label={t`Ratio intervals`}
        columns={columns}
        minWidth={760}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t`Change the ratio interval`}
        size="xl"
      >
        {editing && (
          <RatioIntervalForm
            editing={editing}
            submit={(input) => updateRatioInterval(editing.id, input)}
            onSaved={() => {
              setEditing(null)
              void refresh()
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={ending !== null} onClose={() => setEnding(null)} title={t`End the interval`}>
        {ending && (
          <EndForm
            interval={ending}
            onDone={() => {
              setEnding(null)
              void refresh()
            }}
          />
        )}
      </Modal>
      {deleting && (
        <DeleteDialog
          interval={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null)
            void refresh()
          }}
        />
      )}
    </Stack>
  )
}

function EndForm({ interval, onDone }: { interval: RatioInterval; onDone: () => void }) {
  const { t } = useLingui()
  const form = useForm({
    initialValues: { valid_to: interval.valid_to ?? '', correct_exported: false },
    schema: RatioIntervalEndSchema,
    submit: (input: RatioIntervalEnd) => endRatioInterval(interval.id, input),
    onSuccess: onDone,
  })
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={t`End the interval`}>
      <Stack gap="sm">
        <FormError message={form.generalError} />
        <Text size="sm">
          <Trans>
            {interval.user.username}, {interval.ratio}% from {formatDate(interval.valid_from)}
          </Trans>
        </Text>
        <DayInput label={t`Last day`} clearable={false} {...form.field('valid_to')} />
        <Checkbox
          label={t`This change corrects an exported period`}
          checked={form.values.correct_exported}
          onChange={(event) => form.setValue('correct_exported', event.currentTarget.checked)}
          error={form.errors.correct_exported}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.pending}>
            <Trans>End the interval</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DeleteDialog({
  interval,
  onClose,
  onDeleted,
}: {
  interval: RatioInterval
  onClose: () => void
  onDeleted: () => void
}) {
  const { t, i18n } = useLingui()
  const [correction, setCorrection] = useState(false)
  const deletion = useMutation({
    mutationFn: () => deleteRatioInterval(interval.id, correction),
    onSuccess: onDeleted,
    onError: (error) =>
      notifyError({
        title: t`The interval could not be deleted.`,
        message: generalMessage(error, i18n) ?? undefined,
        error,
      }),
  })
  return (
    <ConfirmDialog
      opened
      title={t`Delete the interval of ${interval.user.username}?`}
      confirmLabel={<Trans>Delete</Trans>}
      danger
      pending={deletion.isPending}
      onConfirm={() => deletion.mutate()}
      onCancel={onClose}
    >
      <Stack gap="sm">
        <Trans>
          The days from {formatDate(interval.valid_from)} are left without this ratio of{' '}
          {interval.ratio}%.
        </Trans>
        <Checkbox
          label={t`This change corrects an exported period`}
          checked={correction}
          onChange={(event) => setCorrection(event.currentTarget.checked)}
        />
      </Stack>
    </ConfirmDialog>
  )
}
