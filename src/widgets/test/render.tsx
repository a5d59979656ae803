import { render } from '@testing-library/react'
import { type ReactElement, useState } from 'react'
import type { Preferences } from '../../../contract/auth'
import type { WidgetConfig } from '../../../contract/task-schema'
import { createTestQueryClient, TestProviders } from '../../test/render'
import { ItemWidgetsProvider } from '../ItemContext'
import { widgetRegistry } from '../registry'
import type { WidgetProps } from '../types'

export const NO_PREFERENCES: Preferences = {
  play_on_hover: false,
  overlapping_playback: false,
  stt_end_after_no_speech: false,
}

export const renderInProviders = (ui: ReactElement) =>
  render(<TestProviders queryClient={createTestQueryClient()}>{ui}</TestProviders>)

type HarnessProps = Partial<Omit<WidgetProps, 'config' | 'value' | 'onChange' | 'readOnly'>> & {
  config: WidgetConfig
  initial?: unknown
  /** Receives every value the widget sends; the harness keeps the last one as the new value. */
  onChange?: (value: unknown) => void
  /** Renders the widget without an onChange, as review screens do. */
  readOnly?: boolean
}

/** One widget from the registry, holding its value in state like the annotation screen does. */
function WidgetHarness({ config, initial, onChange, readOnly = false, ...rest }: HarnessProps) {
  const [value, setValue] = useState(initial)
  const { component: Widget } = widgetRegistry[config.component]
  return (
    <ItemWidgetsProvider editable={!readOnly}>
      <Widget
        name={rest.name ?? 'field'}
        itemId={rest.itemId ?? 1}
        preferences={rest.preferences ?? NO_PREFERENCES}
        {...rest}
        config={config}
        value={value}
        readOnly={readOnly}
        onChange={
          readOnly
            ? undefined
            : (next) => {
                setValue(next)
                onChange?.(next)
              }
        }
      />
    </ItemWidgetsProvider>
  )
}

export const renderWidget = (props: HarnessProps) => renderInProviders(<WidgetHarness {...props} />)
