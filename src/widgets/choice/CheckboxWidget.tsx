import { Checkbox } from '@mantine/core'
import { useItemWidgets } from '../ItemContext'
import type { WidgetProps } from '../types'
import { checkboxText, checkboxValue } from '../values'
import { widgetLabel } from '../WidgetLabel'

/** A checkbox storing the text 'true' or 'false' (the spec's bool annotation value). */
export function CheckboxWidget({ name, config, value, onChange, readOnly, invalid }: WidgetProps) {
  const { label, description, 'aria-label': ariaLabel } = widgetLabel(config, name).props
  const { inputName } = useItemWidgets()
  return (
    <Checkbox
      name={inputName(name)}
      label={label}
      description={description}
      aria-label={ariaLabel}
      checked={checkboxValue(value)}
      // A read-only checkbox stays focusable and announced; it just cannot change.
      readOnly={readOnly}
      aria-readonly={readOnly || undefined}
      error={invalid}
      onChange={(event) => {
        if (!readOnly) onChange?.(checkboxText(event.currentTarget.checked))
      }}
    />
  )
}
