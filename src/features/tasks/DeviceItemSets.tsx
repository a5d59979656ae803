import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { RouterButton } from '../../ui/links'
import { LockCountdown } from '../annotate/LockCountdown'
import { allDone, type DeviceItemSet } from './device-sets'
import { FinishSetButton } from './FinishSetButton'

function DeviceItemSetCard({ set }: { set: DeviceItemSet }) {
  const { t } = useLingui()
  const titleId = `device-set-${set.id}-title`
  const { done, itemsCount: total } = set
  const unsynced = plural(set.unsynced, {
    one: '# change not sent yet',
    other: '# changes not sent yet',
  })
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="md">
      <Stack gap="sm" h="100%">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {set.taskDescription || <Trans>Task #{set.taskId}</Trans>}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Item set #{set.id}</Trans>
          </Text>
        </div>
        <div>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              <Trans>Items done</Trans>
            </Text>
            <Text size="xs">
              <Trans>
                Done: {done} of {total}
              </Trans>
            </Text>
          </Group>
          <Progress
            value={set.itemsCount === 0 ? 0 : (set.done / set.itemsCount) * 100}
            aria-label={t`Items done`}
          />
        </div>
        <Group gap="xs">
          <Badge color={set.unsynced > 0 ? 'orange' : 'green'} variant="light">
            {set.unsynced > 0 ? unsynced : t`Everything sent`}
          </Badge>
          {set.finishing && (
            <Badge color="blue" variant="light">
              <Trans>Finished, waiting to be sent</Trans>
            </Badge>
          )}
        </Group>
        <Stack gap="xs" mt="auto">
          {set.expired ? (
            <Text size="sm" c="red">
              <Trans>Lock expired</Trans>
            </Text>
          ) : (
            <LockCountdown expiresAt={set.lockExpiration} />
          )}
          <RouterButton
            to="/tasks/$taskId/$itemSetId"
            params={{ taskId: set.taskId, itemSetId: set.id }}
            variant={set.finishing || allDone(set) ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {set.expired || set.finishing ? <Trans>Open</Trans> : <Trans>Continue</Trans>}
          </RouterButton>
          {!set.expired && !set.finishing && allDone(set) && (
            <FinishSetButton itemSetId={set.id} taskId={set.taskId} />
          )}
        </Stack>
      </Stack>
    </Card>
  )
}

/** The item sets kept on this device, for working without a connection. */
export function DeviceItemSets({ sets }: { sets: DeviceItemSet[] }) {
  if (sets.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No item set is kept on this device. Connect to take work.</Trans>
      </Text>
    )
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {sets.map((set) => (
        <DeviceItemSetCard key={set.id} set={set} />
      ))}
    </SimpleGrid>
  )
}
