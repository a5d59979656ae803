import { MultiSelect, Select } from '@mantine/core'
import { useItemWidgets } from '../ItemContext'
import type { WidgetProps } from '../types'
import { choicesFromValue, choicesToValue } from '../values'
import { inlineStyles, widgetLabel } from '../WidgetLabel'

/**
 * A single choice (Select) or, with `multiple`, several (MultiSelect) stored joined by ';'.
 * Stored text is matched to the options ignoring case, and saved back in the options' spelling.
 */
export function DropdownWidget({ name, config, value, onChange, readOnly, invalid }: WidgetProps) {
  const options = config.options ?? []
  const choices = choicesFromValue(value, options)
  const { props: labelProps } = widgetLabel(config, name)
  const { inputName } = useItemWidgets()
  const common = {
    name: inputName(name),
    ...labelProps,
    data: options,
    placeholder: config.placeholder,
    readOnly,
    // Mantine still opens the list of a read-only select; a review screen shows the value only.
    dropdownOpened: readOnly ? false : undefined,
    variant: readOnly ? 'filled' : 'default',
    error: invalid,
    searchable: options.length > 10,
    // A list kept mounted while closed is positioned on mount, a forced layout per widget: an
    // annotation screen builds dozens of these, so each list is built when it opens.
    comboboxProps: { keepMounted: false },
    styles: config.is_inline ? inlineStyles : undefined,
  } as const

  if (config.multiple) {
    return (
      <MultiSelect
        {...common}
        value={choices}
        clearable={!readOnly}
        onChange={(next) => onChange?.(choicesToValue(next))}
      />
    )
  }
  return (
    <Select
      {...common}
      value={choices[0] ?? null}
      clearable={!readOnly}
      allowDeselect={!readOnly}
      onChange={(next) => onChange?.(next ?? '')}
    />
  )
}
