import { Select } from '@mantine/core'
import { DayInput } from '../../../../ui/forms/DayInput'

type IdFilterProps = {
  label: string
  placeholder: string
  options: { id: number; name: string }[]
  /** The chosen id; undefined filters nothing. */
  value: number | undefined
  onChange: (id: number | undefined) => void
  disabled?: boolean
}

/** A searchable, clearable choice of one thing (a task type, a worker) to filter a list by. */
export function IdFilter({
  label,
  placeholder,
  options,
  value,
  onChange,
  disabled,
}: IdFilterProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      disabled={disabled}
      data={options.map((option) => ({ value: String(option.id), label: option.name }))}
      value={value ? String(value) : null}
      onChange={(id) => onChange(id ? Number(id) : undefined)}
      clearable
      searchable
    />
  )
}

type DayRange = { from?: string; to?: string }

type DayRangeFilterProps = {
  fromLabel: string
  toLabel: string
  value: DayRange
  /** Gets the one day that changed; an emptied day is undefined. */
  onChange: (change: DayRange) => void
}

/** The first and the last day (both included) of a list's time filter, as two date inputs. */
export function DayRangeFilter({ fromLabel, toLabel, value, onChange }: DayRangeFilterProps) {
  return (
    <>
      <DayInput
        label={fromLabel}
        value={value.from}
        onChange={(day) => onChange({ from: day || undefined })}
      />
      <DayInput
        label={toLabel}
        value={value.to}
        onChange={(day) => onChange({ to: day || undefined })}
      />
    </>
  )
}
