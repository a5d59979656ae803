import type { CSSProperties } from 'react'
import type { WidgetLabel } from '../../contract/task-schema'

export type ResolvedLabel = {
  text: string
  hint?: string
  className?: string
  style?: CSSProperties
}

/**
 * A widget label: a string, or an object whose `label` (when given) is shown instead of
 * `value`, with an optional hint and the schema author's display classes and inline style.
 */
export function resolveLabel(label: WidgetLabel | undefined): ResolvedLabel | null {
  if (label === undefined) return null
  if (typeof label === 'string') return label.trim() === '' ? null : { text: label }
  return {
    text: label.label ?? label.value,
    hint: label.hint?.trim() || undefined,
    className: label.classes,
    style: label.style ? parseInlineStyle(label.style) : undefined,
  }
}

/**
 * Turns CSS text ('color: red; font-weight: bold') into a React style object. React escapes the
 * values it writes, so an author's style cannot inject markup; unknown properties are harmless.
 */
export function parseInlineStyle(css: string): CSSProperties {
  const style: Record<string, string> = {}
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (!/^[a-z][a-z-]*$/.test(property) || value === '') continue
    style[property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value
  }
  return style as CSSProperties
}
