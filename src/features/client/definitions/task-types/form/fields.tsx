import { NumberInput, type NumberInputProps, Switch } from '@mantine/core'
import type { TaskTypeValues } from './form-values'
import type { TaskTypeForm } from './use-task-type-form'

/** The fields whose value is exactly of type T. */
type Keys<T> = {
  [K in keyof TaskTypeValues]: [TaskTypeValues[K]] extends [T]
    ? [T] extends [TaskTypeValues[K]]
      ? K
      : never
    : never
}[keyof TaskTypeValues]

/** A number setting of the form; its unit and default go in the description. */
export function NumberField({
  state: form,
  field,
  ...props
}: { state: TaskTypeForm; field: Keys<number | string> } & Omit<
  NumberInputProps,
  'value' | 'onChange' | 'error'
>) {
  return (
    <NumberInput
      {...props}
      value={form.values[field]}
      onChange={(value) => form.setValue(field, value)}
      error={form.errors[field]}
    />
  )
}

/** A yes/no setting of the form. */
export function SwitchField({
  state: form,
  field,
  label,
  description,
}: {
  state: TaskTypeForm
  field: Keys<boolean>
  label: string
  description?: string
}) {
  return (
    <Switch
      label={label}
      description={description}
      checked={form.values[field]}
      onChange={(event) => form.setValue(field, event.currentTarget.checked)}
      error={form.errors[field]}
    />
  )
}
