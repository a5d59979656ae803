import { Trans, useLingui } from '@lingui/react/macro'
import {
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import {
  MASTER_FILE_COLUMNS,
  MASTER_FILE_MAX_BYTES,
  type MasterFile,
} from '../../../contract/finance'
import type { UploadProgress as Progressed } from '../../api/upload'
import type { DataColumn } from '../../ui/DataTable'
import { FormError } from '../../ui/forms/FormError'
import { generalMessage } from '../../ui/forms/form-errors'
import { PagedTable } from '../../ui/PagedList'
import { TitleBar } from '../../ui/TitleBar'
import { formatDateTime } from '../account/format'
import { UploadProgress } from '../client/tasks/upload/UploadProgress'
import { MasterFileOutcome } from './MasterFileOutcome'
import { FINANCE_PAGE_SIZE, financeKeys, masterFilesQuery, uploadMasterFile } from './queries'

const EXAMPLE = `${MASTER_FILE_COLUMNS.join(',')}
jsmith,100,2026-01-01,2026-06-30
anna.nowak@example.com,125,2026-01-01,`

function ColumnsHelp() {
  const { t } = useLingui()
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>
          A UTF-8 CSV file, at most {Math.round(MASTER_FILE_MAX_BYTES / 1024 / 1024)} MB, whose
          first row names the columns:
        </Trans>
      </Text>
      <Table withTableBorder fz="sm" aria-label={t`Master file columns`}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>user</Table.Th>
            <Table.Td>
              <Trans>The user's username, or an e-mail only one account has.</Trans>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>ratio</Table.Th>
            <Table.Td>
              <Trans>The pay ratio in percent, a whole number (100 pays paid time as it is).</Trans>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>valid_from</Table.Th>
            <Table.Td>
              <Trans>The first day, YYYY-MM-DD.</Trans>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>valid_to</Table.Th>
            <Table.Td>
              <Trans>The last day, YYYY-MM-DD; empty for no end.</Trans>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Code block aria-label={t`Example`}>
        {EXAMPLE}
      </Code>
      <Text size="sm" c="dimmed">
        <Trans>
          A row starting inside a user's open interval ends it. A file with any error loads nothing.
        </Trans>
      </Text>
    </Stack>
  )
}

function UploadMasterFile({ onLoaded }: { onLoaded: (file: MasterFile) => void }) {
  const { t, i18n } = useLingui()
  const [file, setFile] = useState<File | null>(null)
  const [missing, setMissing] = useState(false)
  const [progress, setProgress] = useState<Progressed | null>(null)
  const controller = useRef<AbortController | null>(null)
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      controller.current = new AbortController()
      setProgress({ percent: 0, elapsedMs: 0 })
      const form = new FormData()
      form.append('file', chosen)
      return uploadMasterFile(form, { onProgress: setProgress, signal: controller.current.signal })
    },
    onSuccess: (loaded) => {
      setFile(null)
      onLoaded(loaded)
    },
    onSettled: () => setProgress(null),
  })
  const cancelled = upload.isError && controller.current?.signal.aborted === true
  const failure = cancelled
    ? t`The upload was cancelled. Nothing was loaded.`
    : upload.error
      ? generalMessage(upload.error, i18n)
      : null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setMissing(file === null)
    if (file) upload.mutate(file)
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Upload a master file`}>
      <Stack gap="sm">
        <FormError message={failure} />
        <Group align="flex-end">
          <FileInput
            label={t`Master file`}
            placeholder={t`Choose a CSV file`}
            accept=".csv,text/csv"
            clearable
            value={file}
            onChange={(chosen) => {
              setFile(chosen)
              setMissing(false)
            }}
            error={missing ? t`Choose a CSV master file to upload.` : undefined}
            disabled={upload.isPending}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={upload.isPending}>
            <Trans>Upload</Trans>
          </Button>
        </Group>
        {progress && (
          <UploadProgress progress={progress} onCancel={() => controller.current?.abort()} />
        )}
      </Stack>
    </form>
  )
}

/** /finance/vsp-master-files: upload master files of ratios and see what each loaded. */
export function MasterFilesPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [offset, setOffset] = useState(0)
  const query = useQuery(masterFilesQuery(offset))
  const [latest, setLatest] = useState<MasterFile | null>(null)
  const [shown, setShown] = useState<MasterFile | null>(null)

  const columns: DataColumn<MasterFile>[] = [
    {
      key: 'name',
      header: <Trans>File</Trans>,
      rowHeader: true,
      cell: (row) => (
        <UnstyledButton
          onClick={() => setShown(row)}
          aria-label={t`Show the messages of ${row.file_name}`}
          td="underline"
        >
          {row.file_name}
        </UnstyledButton>
      ),
    },
    {
      key: 'status',
      header: <Trans>Status</Trans>,
      cell: (row) =>
        row.status === 'FINISHED' ? (
          <Badge color="green" variant="light">
            <Trans>Loaded</Trans>
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            <Trans>Not loaded</Trans>
          </Badge>
        ),
    },
    {
      key: 'records',
      header: <Trans>Records</Trans>,
      cell: (row) => row.loaded_records,
      numeric: true,
    },
    {
      key: 'intervals',
      header: <Trans>Intervals</Trans>,
      cell: (row) => row.loaded_intervals,
      numeric: true,
    },
    {
      key: 'warnings',
      header: <Trans>Warnings</Trans>,
      cell: (row) => row.warnings_count,
      numeric: true,
    },
    {
      key: 'errors',
      header: <Trans>Errors</Trans>,
      cell: (row) => row.errors_count,
      numeric: true,
    },
    { key: 'author', header: <Trans>Uploaded by</Trans>, cell: (row) => row.author ?? '—' },
    {
      key: 'when',
      header: <Trans>Uploaded</Trans>,
      cell: (row) => formatDateTime(row.created_timestamp),
    },
  ]

  return (
    <Stack>
      <TitleBar level="page" title={<Trans>Master files</Trans>} />
      <Paper withBorder p="md">
        <Stack>
          <ColumnsHelp />
          <UploadMasterFile
            onLoaded={(file) => {
              setLatest(file)
              void queryClient.invalidateQueries({ queryKey: financeKeys.all })
            }}
          />
          {latest && (
            <div role="status">
              <MasterFileOutcome file={latest} />
            </div>
          )}
        </Stack>
      </Paper>
      <TitleBar level="section" title={<Trans>Uploaded files</Trans>} />
      <PagedTable
        query={query}
        loadingLabel={t`Loading the master files…`}
        failedTitle={<Trans>The master files could not be loaded.</Trans>}
        emptyTitle={<Trans>No master files yet</Trans>}
        paging={{
          offset,
          onOffset: setOffset,
          pageSize: FINANCE_PAGE_SIZE,
          countLabel: (page) => t`Files: ${page.count}`,
        }}
        label={t`Uploaded master files`}
        columns={columns}
        minWidth={820}
      />
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.file_name}
        size="lg"
      >
        {shown && <MasterFileOutcome file={shown} />}
      </Modal>
    </Stack>
  )
}
