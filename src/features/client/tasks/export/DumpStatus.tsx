import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { IconDownload, IconTrash } from '@tabler/icons-react'
import type { Ref } from 'react'
import { DUMP_OPTIONS, type Dump } from '../../../../../contract/client-tasks'
import { formatDateTime, formatPercent } from '../format'
import { DUMP_FORMAT_TEXTS, DUMP_OPTION_TEXTS } from './options'

const STATUS_COLOURS = { PROCESSING: 'cyan', FINISHED: 'green', FAILED: 'red' } as const

type DumpStatusProps = {
  ref?: Ref<HTMLElement>
  dump: Dump
  downloading: boolean
  onDownload: () => void
  onDelete: () => void
}

/** The latest export: its state and progress, the options it used, download and delete. */
export function DumpStatus({ ref, dump, downloading, onDownload, onDelete }: DumpStatusProps) {
  const { t, i18n } = useLingui()
  const statusLabels = {
    PROCESSING: t`Processing`,
    FINISHED: t`Finished`,
    FAILED: t`Failed`,
  }
  const used = DUMP_OPTIONS.filter((option) => dump[option]).map((option) =>
    i18n._(DUMP_OPTION_TEXTS[option].label),
  )
  const options = used.length > 0 ? used.join(', ') : t`none`
  const created = formatDateTime(dump.created_timestamp)
  const author = dump.author?.username ?? t`unknown`
  const format = i18n._(DUMP_FORMAT_TEXTS[dump.format].label)

  return (
    <Paper
      ref={ref}
      withBorder
      p="md"
      aria-label={t`Latest export`}
      component="section"
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>
              <Trans>Latest export</Trans>
            </Text>
            <Badge color={STATUS_COLOURS[dump.status]}>{statusLabels[dump.status]}</Badge>
          </Group>
          <Text size="sm" c="dimmed">
            <Trans>
              Started {created} by {author}
            </Trans>
          </Text>
        </Group>
        {dump.status === 'PROCESSING' && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={dump.progress} flex={1} animated aria-label={t`Export progress`} />
            <Text size="sm">{formatPercent(dump.progress)}</Text>
          </Group>
        )}
        {dump.status === 'FAILED' && (
          <Alert color="red" title={t`The export failed.`}>
            {dump.error ?? t`Start it again, or tell the administrators if it keeps failing.`}
          </Alert>
        )}
        <Text size="sm">
          <Trans>
            Format: {format}. Included: {options}.
          </Trans>
        </Text>
        <Group gap="xs">
          {dump.status === 'FINISHED' && (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={downloading}
              onClick={onDownload}
            >
              <Trans>Download</Trans>
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
          >
            <Trans>Delete the export</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
