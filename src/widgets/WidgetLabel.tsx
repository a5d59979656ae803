import { useLingui } from '@lingui/react/macro'
import { UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconHelpCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { WidgetConfig } from '../../contract/task-schema'
import { OnDemandTooltip } from '../ui/OnDemandTooltip'
import { type ResolvedLabel, resolveLabel } from './label'

/** The author's label text, with their display classes and style. */
function LabelText({ text, className, style }: ResolvedLabel) {
  return (
    <span className={className} style={style}>
      {text}
    </span>
  )
}

/**
 * A help icon showing the hint in a tooltip (on hover, focus and touch). The hint is also in the
 * text beside it for screen readers, and sits in the input's description, so it is announced
 * with the control rather than becoming part of its name.
 */
export function LabelHint({ hint }: { hint: string }) {
  const { t } = useLingui()
  return (
    <span>
      <OnDemandTooltip label={hint} multiline maw={320} withArrow>
        <UnstyledButton aria-label={t`Hint`} style={{ cursor: 'help', verticalAlign: 'middle' }}>
          <IconHelpCircle size={16} aria-hidden />
        </UnstyledButton>
      </OnDemandTooltip>
      <VisuallyHidden component="span"> {hint}</VisuallyHidden>
    </span>
  )
}

/**
 * Label props for a Mantine input from the widget config, and `text`, the field in words (the
 * label, else the field name) for controls and groups needing a name. Without a visible label
 * the field name becomes the aria-label, so every control stays named. The description holding
 * the hint is a div, since the hint's tooltip is not phrasing content.
 */
export function widgetLabel(config: WidgetConfig, name: string) {
  const resolved = resolveLabel(config.label)
  const props: {
    label?: ReactNode
    description?: ReactNode
    descriptionProps?: { component: 'div' }
    'aria-label'?: string
  } = resolved
    ? {
        label: <LabelText {...resolved} />,
        description: resolved.hint ? <LabelHint hint={resolved.hint} /> : undefined,
        descriptionProps: { component: 'div' },
      }
    : { 'aria-label': name }
  return { text: resolved?.text ?? name, props }
}

/** Mantine input styles putting the label and the control on one line (config.is_inline). */
export const inlineStyles = {
  root: { display: 'flex', alignItems: 'center', gap: 'var(--mantine-spacing-sm)' },
  wrapper: { flex: 1 },
} as const
