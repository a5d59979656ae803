import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Checkbox, Group, Paper, Stack } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TimeLogInterval } from '../../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../../contract/worktime-rules'
import { GrowingTextarea } from '../../../ui/GrowingTextarea'
import { notifySuccess } from '../../../ui/notify'
import { TitleBar } from '../../../ui/TitleBar'
import { ShortcutsHelp } from '../../annotate/shortcuts'
import { CoordinationGroupFilter } from '../../coordinator/CoordinationGroupFilter'
import { coordinatorKeys } from '../../coordinator/queries'
import { useCoordinationGroupFilter } from '../../coordinator/use-coordination-group'
import {
  IntervalFilterBar,
  type IntervalListControls,
  initialControls,
  useIntervalFilters,
} from '../IntervalFilterBar'
import { IntervalList } from '../IntervalList'
import {
  decideInterval,
  decideIntervals,
  intervalCountQuery,
  intervalsQuery,
  timelogKeys,
} from '../queries'

type Decision = typeof TIMELOG_STATUS.ACCEPTED | typeof TIMELOG_STATUS.REJECTED

const SHORTCUTS = [
  {
    action: 'all',
    hotkey: 'alt+S',
    keys: ['Alt', 'S'],
    label: msg`Select every log of the page, or none`,
  },
  { action: 'accept', hotkey: 'alt+A', keys: ['Alt', 'A'], label: msg`Accept the selected logs` },
  { action: 'reject', hotkey: 'alt+J', keys: ['Alt', 'J'], label: msg`Reject the selected logs` },
]

/** /coordinator/timelogs/pending-logs: time waiting for approval, decided one by one or in bulk. */
export function PendingLogsPage() {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const coordinationGroup = useCoordinationGroupFilter()
  const [controls, setControls] = useState<IntervalListControls>(() => initialControls())
  const filters = {
    ...useIntervalFilters(controls),
    status: TIMELOG_STATUS.PENDING,
    coordination_group: coordinationGroup ?? undefined,
  }
  const query = intervalsQuery(filters, {
    offset: (controls.page - 1) * controls.limit,
    limit: controls.limit,
    ordering: 'start',
  })
  const rows = useQuery(query).data?.results ?? []
  const { data: counts } = useQuery(intervalCountQuery(filters))
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [comment, setComment] = useState('')
  const shown = rows.filter((row) => selected.has(row.id)).map((row) => row.id)

  const decision = useMutation({
    mutationFn: async ({ ids, status }: { ids: number[]; status: Decision }) => {
      const verdict = { status, comment: comment.trim() || undefined }
      // One log through its own PATCH; several all or none through the bulk call.
      if (ids.length > 1) return decideIntervals({ ids, ...verdict })
      await decideInterval(ids[0] as number, verdict)
      return { updated: 1 }
    },
    onSuccess: ({ updated }, { status }) => {
      notifySuccess({
        message:
          status === TIMELOG_STATUS.ACCEPTED
            ? plural(updated, { one: '# time log accepted.', other: '# time logs accepted.' })
            : plural(updated, { one: '# time log rejected.', other: '# time logs rejected.' }),
      })
      setSelected(new Set())
      setComment('')
      void queryClient.invalidateQueries({ queryKey: timelogKeys.all })
      void queryClient.invalidateQueries({ queryKey: coordinatorKeys.counters() })
    },
  })
  const decide = (ids: number[], status: Decision) => {
    if (ids.length > 0 && !decision.isPending) decision.mutate({ ids, status })
  }
  const allShown = rows.length > 0 && shown.length === rows.length
  const toggleAll = () => setSelected(new Set(allShown ? [] : rows.map((row) => row.id)))
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const handlers: Record<string, () => void> = {
    all: toggleAll,
    accept: () => decide(shown, TIMELOG_STATUS.ACCEPTED),
    reject: () => decide(shown, TIMELOG_STATUS.REJECTED),
  }
  useHotkeys(
    SHORTCUTS.map(({ action, hotkey }) => [
      hotkey,
      () => handlers[action]?.(),
      { usePhysicalKeys: true },
    ]),
    [],
  )

  return (
    <Stack>
      <TitleBar
        title={
          <Group gap="xs" component="span">
            <Trans>Pending time logs</Trans>
            {counts && (
              <Badge color="yellow" size="lg" aria-label={t`${counts.count} waiting`}>
                {counts.count}
              </Badge>
            )}
          </Group>
        }
        level="page"
      >
        <ShortcutsHelp shortcuts={SHORTCUTS} />
      </TitleBar>
      <Group align="flex-end">
        <CoordinationGroupFilter />
      </Group>
      <IntervalFilterBar controls={controls} onChange={setControls} showStatus={false} />
      <Paper withBorder p="sm" component="section" aria-label={t`Decision`}>
        <Stack gap="xs">
          <GrowingTextarea
            label={t`Comment`}
            description={t`Sent with the next decision, to every log it applies to`}
            minRows={1}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <Group>
            <Button
              color="green"
              leftSection={<IconCheck size={18} aria-hidden />}
              disabled={shown.length === 0}
              loading={decision.isPending}
              onClick={() => decide(shown, TIMELOG_STATUS.ACCEPTED)}
            >
              <Trans>Accept selected ({shown.length})</Trans>
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={18} aria-hidden />}
              disabled={shown.length === 0}
              loading={decision.isPending}
              onClick={() => decide(shown, TIMELOG_STATUS.REJECTED)}
            >
              <Trans>Reject selected ({shown.length})</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
      <IntervalList
        label={t`Pending time logs`}
        query={query}
        controls={controls}
        onPage={(page) => setControls({ ...controls, page })}
        emptyTitle={<Trans>Nothing waits for approval</Trans>}
        showUser
        leading={{
          key: 'select',
          header: (
            <Checkbox
              aria-label={t`Select every log of the page`}
              checked={allShown}
              indeterminate={shown.length > 0 && !allShown}
              onChange={toggleAll}
            />
          ),
          cell: (row: TimeLogInterval) => (
            <Checkbox
              aria-label={t`Select the log of ${row.user.username} from ${row.start}`}
              checked={selected.has(row.id)}
              onChange={() => toggle(row.id)}
            />
          ),
        }}
        actions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              color="green"
              variant="light"
              onClick={() => decide([row.id], TIMELOG_STATUS.ACCEPTED)}
            >
              <Trans>Accept</Trans>
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              onClick={() => decide([row.id], TIMELOG_STATUS.REJECTED)}
            >
              <Trans>Reject</Trans>
            </Button>
          </Group>
        )}
      />
    </Stack>
  )
}
