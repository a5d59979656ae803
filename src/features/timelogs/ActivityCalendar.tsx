import '@mantine/dates/styles.layer.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, Indicator, Paper, Text } from '@mantine/core'
import { Calendar } from '@mantine/dates'
import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { useState } from 'react'
import { calendarLabels } from '../../ui/forms/calendar-labels'
import { dayBounds } from './format'
import { intervalDaysQuery } from './queries'

/** A calendar day's accessible name: the shown day number first. */
const CALENDAR_DAY_NAME_FORMAT = 'D MMM YYYY'

type ActivityCalendarProps = {
  /** Whose days: the signed-in user's own. */
  user: number | undefined
  tz: number
  /** The day picked, as YYYY-MM-DD. */
  selected: string | null
  onPick: (day: string) => void
}

/** A month with the days holding logged time marked, pending ones apart; a day picks the list. */
export function ActivityCalendar({ user, tz, selected, onPick }: ActivityCalendarProps) {
  const { t, i18n } = useLingui()
  const [month, setMonth] = useState(() => dayjs().startOf('month').format('YYYY-MM-DD'))
  const bounds = {
    start: dayBounds(month, tz).start,
    end: dayBounds(dayjs(month).endOf('month').format('YYYY-MM-DD'), tz).end,
    tz,
    user,
  }
  const active = new Set(useQuery(intervalDaysQuery('active', bounds)).data?.days)
  const pending = new Set(useQuery(intervalDaysQuery('pending', bounds)).data?.days)

  return (
    <Paper withBorder p="sm" component="section" aria-label={t`Days with logged time`}>
      <Calendar
        ariaLabels={calendarLabels(i18n)}
        date={month}
        onDateChange={setMonth}
        size="sm"
        getDayProps={(day) => ({
          selected: day === selected,
          onClick: () => onPick(day),
        })}
        getDayAriaLabel={(day) => {
          // The day's name starts with the number it shows ("1 Nov 2026" over "1"), so voice
          // control users can say what they see; elsewhere dates keep the spec's DATE_FORMAT.
          const date = dayjs(day).format(CALENDAR_DAY_NAME_FORMAT)
          if (pending.has(day)) return t`${date}: time waiting for approval`
          return active.has(day) ? t`${date}: time logged` : date
        }}
        renderDay={(day) => (
          <Indicator
            size={7}
            color={pending.has(day) ? 'yellow' : 'blue'}
            offset={-3}
            disabled={!pending.has(day) && !active.has(day)}
          >
            <div>{dayjs(day).date()}</div>
          </Indicator>
        )}
      />
      <Group gap="md" mt="xs">
        <Group gap={4}>
          <Box w={8} h={8} bg="blue" style={{ borderRadius: '50%' }} />
          <Text size="xs">
            <Trans>Time logged</Trans>
          </Text>
        </Group>
        <Group gap={4}>
          <Box w={8} h={8} bg="yellow" style={{ borderRadius: '50%' }} />
          <Text size="xs">
            <Trans>Waiting for approval</Trans>
          </Text>
        </Group>
      </Group>
    </Paper>
  )
}
