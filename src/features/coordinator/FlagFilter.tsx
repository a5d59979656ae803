import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'

type FlagFilterProps = {
  label: string
  value: boolean | undefined
  yes: string
  no: string
  onChange: (value: boolean | undefined) => void
}

/** A filter of the coordinator's lists: any, yes or no. */
export function FlagFilter({ label, value, yes, no, onChange }: FlagFilterProps) {
  const { t } = useLingui()
  return (
    <Select
      label={label}
      placeholder={t`Any`}
      data={[
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === null ? undefined : next === 'true')}
      clearable
    />
  )
}
