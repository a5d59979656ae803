import '@mantine/dates/styles.layer.css'
import { useLingui } from '@lingui/react/macro'
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates'
import { IconCalendar } from '@tabler/icons-react'
import { useId } from 'react'
import { DATE_FORMAT } from '../../../contract/constants'
import { calendarLabels } from './calendar-labels'

type DayInputProps = Omit<
  DatePickerInputProps<'default'>,
  'type' | 'value' | 'onChange' | 'valueFormat' | 'locale'
> & {
  /** The day as 'YYYY-MM-DD'; '' or undefined for none. */
  value: string | undefined
  /** Gets the picked day as 'YYYY-MM-DD', or '' once cleared. */
  onChange: (day: string) => void
}

/**
 * A day, shown in the spec's date format (DD MMM YYYY) in the display language and picked from a
 * calendar, in place of the browser's own date input and its mm/dd/yyyy.
 */
export function DayInput({ value, onChange, clearable = true, ...props }: DayInputProps) {
  const { i18n } = useLingui()
  // One id for the input and its popover: the calendar is then named by the input's label.
  const id = useId()
  return (
    <DatePickerInput
      id={id}
      popoverProps={{ id }}
      valueFormat={DATE_FORMAT}
      locale={i18n.locale}
      ariaLabels={calendarLabels(i18n)}
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable={clearable}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      {...props}
    />
  )
}
