import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Modal,
  Spoiler,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import { IconClockPlus, IconInfoCircle, IconTrash } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TimeLogInterval } from '../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { ConfirmDeleteDialog } from '../../ui/ConfirmDialog'
import { notifySuccess } from '../../ui/notify'
import { TitleBar } from '../../ui/TitleBar'
import { useSignedInUser } from '../auth/hooks'
import { ActivityCalendar } from './ActivityCalendar'
import {
  IntervalFilterBar,
  type IntervalListControls,
  initialControls,
  rangeFilters,
  useIntervalFilters,
} from './IntervalFilterBar'
import { IntervalList } from './IntervalList'
import { INTERVAL_RULE, INTERVAL_RULE_VALUES } from './interval-rule'
import { LogTimeForm } from './LogTimeForm'
import { deleteInterval, intervalsQuery, ownPendingCountQuery, timelogKeys } from './queries'
import { TimelogStatsCards } from './TimelogStatsCards'

/** /timelogs/: the signed-in user's own work time, how it is measured, and time logged by hand. */
export function TimelogsPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [controls, setControls] = useState<IntervalListControls>(() => initialControls())
  // A coordinator sees others' logs too: this page asks for the user's own.
  const user = useSignedInUser()?.id
  const filters = { ...useIntervalFilters(controls), user }
  const [logging, setLogging] = useState(false)
  const [deleting, setDeleting] = useState<TimeLogInterval | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: timelogKeys.all })
  const deletion = useMutation({
    mutationFn: () => deleteInterval((deleting as TimeLogInterval).id),
    onSuccess: () => {
      setDeleting(null)
      notifySuccess({ message: t`The pending time log was deleted.` })
      void refresh()
    },
  })
  const [first, last] = controls.range
  const ownPending = useQuery(ownPendingCountQuery()).data?.count

  return (
    <Stack>
      <TitleBar title={<Trans>Time logs</Trans>} level="page">
        <Group gap="sm">
          {ownPending !== undefined && ownPending > 0 && (
            <Badge color="yellow" variant="light" size="lg">
              {plural(ownPending, {
                one: '# log waits for approval',
                other: '# logs wait for approval',
              })}
            </Badge>
          )}
          <Button
            leftSection={<IconClockPlus size={18} aria-hidden />}
            onClick={() => setLogging(true)}
          >
            <Trans>Log time</Trans>
          </Button>
        </Group>
      </TitleBar>
      <TimelogStatsCards range={{ ...rangeFilters(controls.range, controls.tz), user }} />
      <Grid gap="md">
        {/* On a phone the list comes first; the calendar and the rule follow it. */}
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }} order={{ base: 2, md: 1 }}>
          <Stack>
            <ActivityCalendar
              user={user}
              tz={controls.tz}
              selected={first !== null && first === last ? first : null}
              onPick={(day) => setControls({ ...controls, range: [day, day], page: 1 })}
            />
            <Alert
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              title={<Trans>How your time is counted</Trans>}
            >
              <Spoiler
                maxHeight={110}
                showLabel={t`Read all`}
                hideLabel={t`Hide`}
                // The link colour is too faint on the alert's tinted box (4.1:1).
                styles={{
                  control: { color: 'var(--mantine-color-text)', textDecoration: 'underline' },
                }}
              >
                <Text size="sm">{i18n._({ ...INTERVAL_RULE, values: INTERVAL_RULE_VALUES })}</Text>
              </Spoiler>
            </Alert>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }} order={{ base: 1, md: 2 }}>
          <Stack>
            <IntervalFilterBar controls={controls} onChange={setControls} />
            <IntervalList
              label={t`Your time logs`}
              query={intervalsQuery(filters, {
                offset: (controls.page - 1) * controls.limit,
                limit: controls.limit,
              })}
              controls={controls}
              onPage={(page) => setControls({ ...controls, page })}
              emptyTitle={<Trans>No time logged in these days</Trans>}
              actions={(row) =>
                row.status === TIMELOG_STATUS.PENDING && (
                  <Tooltip label={t`Delete`}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`Delete this pending time log`}
                      onClick={() => setDeleting(row)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                )
              }
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal opened={logging} onClose={() => setLogging(false)} title={t`Log time`} size="lg">
        <LogTimeForm
          onDone={() => {
            setLogging(false)
            void refresh()
          }}
        />
      </Modal>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={<Trans>Delete this pending time log?</Trans>}
        deletion={deletion}
        onCancel={() => setDeleting(null)}
      >
        <Trans>It has not been approved yet; it is removed for good.</Trans>
      </ConfirmDeleteDialog>
    </Stack>
  )
}
