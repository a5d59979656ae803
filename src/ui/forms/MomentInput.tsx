import '@mantine/dates/styles.layer.css'
import { useLingui } from '@lingui/react/macro'
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates'
import { IconCalendarClock } from '@tabler/icons-react'
import { type FocusEvent, type KeyboardEvent, useId } from 'react'
import { DATE_TIME_FORMAT } from '../../../contract/constants'
import { calendarLabels } from './calendar-labels'

/** Time fields focused and not typed in yet: their first digit starts the number afresh. */
const untypedFields = new WeakSet<EventTarget>()

/**
 * The picker's hour and minute fields jump to the next field when '0' is typed into a field
 * holding 00 that is not wholly selected, which Chromium's click leaves it: '09' then gave 00:09.
 * Selecting the field before the first digit makes that digit start the number, as typed.
 */
const startAfreshOnFirstDigit = {
  onFocus: (event: FocusEvent<HTMLInputElement>) => untypedFields.add(event.currentTarget),
  onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget
    if (!/^\d$/.test(event.key) || !untypedFields.delete(field)) return
    field.select()
  },
}

const TIME_PICKER_PROPS: DateTimePickerProps['timePickerProps'] = {
  hoursInputProps: startAfreshOnFirstDigit,
  minutesInputProps: startAfreshOnFirstDigit,
}

type MomentInputProps = Omit<
  DateTimePickerProps<'default'>,
  'type' | 'value' | 'onChange' | 'valueFormat' | 'locale' | 'withSeconds' | 'timePickerProps'
> & {
  /** The local date and time (`YYYY-MM-DD HH:mm:ss`, or any form dayjs reads); null or '' for none. */
  value: string | null | undefined
  /** Gets the picked local date and time as `YYYY-MM-DD HH:mm:ss`, or null once cleared. */
  onChange: (moment: string | null) => void
}

/**
 * A date and time, shown in the spec's date-time format (YYYY-MM-DD HH:mm) and picked from a
 * calendar and a time picker, in place of the browser's own datetime-local input (mm/dd/yyyy).
 */
export function MomentInput({ value, onChange, ...props }: MomentInputProps) {
  const { i18n } = useLingui()
  // One id for the input and its popover: the calendar is then named by the input's label.
  const id = useId()
  return (
    <DateTimePicker
      id={id}
      popoverProps={{ id }}
      valueFormat={DATE_TIME_FORMAT}
      withSeconds={false}
      timePickerProps={TIME_PICKER_PROPS}
      locale={i18n.locale}
      ariaLabels={calendarLabels(i18n)}
      leftSection={<IconCalendarClock size={16} aria-hidden />}
      value={value || null}
      onChange={onChange}
      {...props}
    />
  )
}
