import '@mantine/dates/styles.css'
import { useLingui } from '@lingui/react/macro'
import { DatePickerInput } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { DATE_FORMAT } from '../../../../../../contract/constants'
import type { TimeFrame } from './time-frame'

/** The days the statistics cover; empty means from the beginning, or up to now. */
export function TimeFramePicker({
  value,
  onChange,
}: {
  value: TimeFrame
  onChange: (value: TimeFrame) => void
}) {
  const { t } = useLingui()
  return (
    <DatePickerInput
      type="range"
      label={t`Time frame`}
      description={t`Both days included. Empty: all time.`}
      placeholder={t`All time`}
      valueFormat={DATE_FORMAT}
      leftSection={<IconCalendar size={16} aria-hidden />}
      allowSingleDateInRange
      clearable
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
      w={{ base: '100%', sm: 320 }}
    />
  )
}
