import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Indicator, ScrollArea, Stack, Text } from '@mantine/core'
import { IconCloud, IconCloudOff, IconRefresh } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { DATE_TIME_SECONDS_FORMAT } from '../../../contract/constants'
import { useOutboxStatus } from '../../offline/hooks'
import { syncOutbox } from '../../offline/outbox'
import { OnDemandPopover } from '../../ui/OnDemandPopover'
import { RejectionList } from './RejectionList'

const unsyncedChanges = (pending: number) =>
  plural(pending, { one: '# unsynced change', other: '# unsynced changes' })

/**
 * The header's connection and sync state: online or offline, how many changes wait to be sent,
 * and in its popover the refused ones (to retry or discard) and 'Sync now'. Until the outbox has
 * read this device it shows no count, only that it is checking.
 */
export function SyncIndicator() {
  const { t } = useLingui()
  const { online, pending, syncing, rejections, lastSyncedAt } = useOutboxStatus()
  const connection = online ? t`online` : t`offline`
  const unsynced = pending === null ? null : unsyncedChanges(pending)
  const refused = plural(rejections.length, { one: '# refused change', other: '# refused changes' })
  const label =
    unsynced === null
      ? t`Sync status: ${connection}, checking this device`
      : rejections.length === 0
        ? t`Sync status: ${connection}, ${unsynced}`
        : t`Sync status: ${connection}, ${unsynced}, ${refused}`
  const lastSynced = lastSyncedAt && dayjs(lastSyncedAt).format(DATE_TIME_SECONDS_FORMAT)
  const waiting =
    pending === null ? (
      <Trans>Checking this device for changes not yet sent…</Trans>
    ) : pending === 0 ? (
      <Trans>Every change is on the server.</Trans>
    ) : (
      <Plural
        value={pending}
        one="# change waits on this device and is sent when the server can be reached."
        other="# changes wait on this device and are sent when the server can be reached."
      />
    )

  return (
    <OnDemandPopover
      position="bottom-end"
      shadow="md"
      width={360}
      withArrow
      target={
        <Button
          variant={online ? 'subtle' : 'light'}
          color={online ? 'gray' : 'orange'}
          size="compact-sm"
          aria-label={label}
          leftSection={
            // A red dot while changes were refused.
            <Indicator color="red" size={8} disabled={rejections.length === 0}>
              {online ? (
                <IconCloud size={18} aria-hidden />
              ) : (
                <IconCloudOff size={18} aria-hidden />
              )}
            </Indicator>
          }
        >
          {pending}
        </Button>
      }
    >
      <Stack gap="sm">
        <Text fw={700} size="sm">
          {online ? <Trans>You are online</Trans> : <Trans>You are offline</Trans>}
        </Text>
        <Text size="sm">{waiting}</Text>
        {lastSynced && (
          <Text size="xs" c="dimmed">
            <Trans>Last sent: {lastSynced}</Trans>
          </Text>
        )}
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={syncing}
            onClick={() => void syncOutbox({ force: true })}
          >
            <Trans>Sync now</Trans>
          </Button>
        </Group>
        {rejections.length > 0 && (
          <ScrollArea.Autosize mah={320}>
            <RejectionList rejections={rejections} />
          </ScrollArea.Autosize>
        )}
      </Stack>
    </OnDemandPopover>
  )
}
