import { useLingui } from '@lingui/react/macro'
import { Group, Select, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { TIMELOG_PAGE_SIZES } from '../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { TimeFramePicker } from '../client/definitions/task-types/statistics/TimeFramePicker'
import type { TimeFrame } from '../client/definitions/task-types/statistics/time-frame'
import { dayBounds, deviceTimeZone, STATUS_LABELS, timeZoneChoices, timeZoneLabel } from './format'
import type { IntervalFilters } from './queries'

const SEARCH_DELAY_MS = 300

/** What the user set above a list of intervals. */
export type IntervalListControls = {
  range: TimeFrame
  status: number | null
  search: string
  tz: number
  limit: number
  page: number
}

export function initialControls(change: Partial<IntervalListControls> = {}): IntervalListControls {
  return {
    range: [null, null],
    status: null,
    search: '',
    tz: deviceTimeZone(),
    limit: TIMELOG_PAGE_SIZES[0],
    page: 1,
    ...change,
  }
}

/** The picked days, both included, as the instants the calls take in the chosen time zone. */
export function rangeFilters([first, last]: TimeFrame, tz: number) {
  return {
    start: first ? dayBounds(first, tz).start : undefined,
    end: last ? dayBounds(last, tz).end : undefined,
  }
}

/** The calls' filters; typing in the search box asks again only once it pauses. */
export function useIntervalFilters(controls: IntervalListControls): IntervalFilters {
  const [search] = useDebouncedValue(controls.search, SEARCH_DELAY_MS)
  return toFilters({ ...controls, search })
}

function toFilters(controls: IntervalListControls): IntervalFilters {
  return {
    ...rangeFilters(controls.range, controls.tz),
    status: controls.status ?? undefined,
    search: controls.search || undefined,
    tz: controls.tz,
  }
}

type IntervalFilterBarProps = {
  controls: IntervalListControls
  /** Any change but the page's goes back to the first page. */
  onChange: (controls: IntervalListControls) => void
  /** Off where the list shows one status only (the pending logs). */
  showStatus?: boolean
  showRange?: boolean
}

/** Days, status, search, time zone and page size of a list of intervals. */
export function IntervalFilterBar({
  controls,
  onChange,
  showStatus = true,
  showRange = true,
}: IntervalFilterBarProps) {
  const { t, i18n } = useLingui()
  const change = (part: Partial<IntervalListControls>) =>
    onChange({ ...controls, ...part, page: 1 })

  return (
    <Group align="flex-end" gap="sm">
      {showRange && (
        <TimeFramePicker value={controls.range} onChange={(range) => change({ range })} />
      )}
      {showStatus && (
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          clearable
          data={Object.values(TIMELOG_STATUS).map((status) => ({
            value: String(status),
            label: i18n._(STATUS_LABELS[status] ?? String(status)),
          }))}
          value={controls.status === null ? null : String(controls.status)}
          onChange={(value) => change({ status: value === null ? null : Number(value) })}
          w={{ base: '100%', xs: 160 }}
        />
      )}
      <TextInput
        label={t`Search`}
        placeholder={t`User, task, address or comment`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={controls.search}
        onChange={(event) => change({ search: event.currentTarget.value })}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label={t`Time zone`}
        data={timeZoneChoices().map((offset) => ({
          value: String(offset),
          label: timeZoneLabel(offset),
        }))}
        value={String(controls.tz)}
        onChange={(value) => value !== null && change({ tz: Number(value) })}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 140 }}
      />
      <Select
        label={t`Per page`}
        data={TIMELOG_PAGE_SIZES.map((size) => String(size))}
        value={String(controls.limit)}
        onChange={(value) => value !== null && change({ limit: Number(value) })}
        allowDeselect={false}
        w={{ base: '100%', xs: 100 }}
      />
    </Group>
  )
}
