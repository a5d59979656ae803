import { Group, Radio } from '@mantine/core'
import { useItemWidgets } from '../ItemContext'
import type { WidgetProps } from '../types'
import { choicesFromValue } from '../values'
import { widgetLabel } from '../WidgetLabel'

/** One choice among the options as radio buttons. */
export function RadioWidget({ name, config, value, onChange, readOnly, invalid }: WidgetProps) {
  const options = config.options ?? []
  const { props: labelProps } = widgetLabel(config, name)
  const { inputName } = useItemWidgets()
  return (
    <Radio.Group
      name={inputName(name)}
      {...labelProps}
      value={choicesFromValue(value, options)[0] ?? null}
      readOnly={readOnly}
      error={invalid}
      onChange={(next) => onChange?.(next)}
    >
      <Group gap="md" mt={4}>
        {options.map((option) => (
          <Radio key={option} value={option} label={option} />
        ))}
      </Group>
    </Radio.Group>
  )
}
