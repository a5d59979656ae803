import '@mantine/dates/styles.layer.css'
import { useLingui } from '@lingui/react/macro'
import { DatePickerInput } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { useId } from 'react'
import { DATE_FORMAT } from '../../../../../../contract/constants'
import { calendarLabels } from '../../../../../ui/forms/calendar-labels'
import type { TimeFrame } from './time-frame'

/** The days the statistics cover; empty means from the beginning, or up to now. */
export function TimeFramePicker({
  value,
  onChange,
  required = false,
  error,
}: {
  value: TimeFrame
  onChange: (value: TimeFrame) => void
  /** The days must be picked: no "all time". */
  required?: boolean
  error?: string
}) {
  const { t, i18n } = useLingui()
  // One id for the input and its popover: the calendar is then named by the input's label.
  const id = useId()
  return (
    <DatePickerInput
      ariaLabels={calendarLabels(i18n)}
      id={id}
      popoverProps={{ id }}
      type="range"
      label={t`Time frame`}
      description={required ? t`Both days included.` : t`Both days included. Empty: all time.`}
      placeholder={required ? undefined : t`All time`}
      required={required}
      error={error}
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
