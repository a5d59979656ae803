import type { MessageDescriptor } from '@lingui/core'
import type { ComponentType } from 'react'
import type { DiacriticSign, Preferences } from '../../contract/auth'
import type { WidgetComponent, WidgetConfig } from '../../contract/task-schema'

export type { DiacriticSign }

/** What the widgets need to know about the task's language. */
export type WidgetLanguage = {
  /** BCP 47 code given to the browser's speech recognition; the browser's language without it. */
  code?: string
  signs: DiacriticSign[]
}

/**
 * Builds the URL of a media file from its uuid. The caller decides the path: the annotation
 * screen, the client's fake-task preview and the review screens each serve media elsewhere.
 */
export type MediaUrlBuilder = (uuid: string) => string

/** The one props contract every widget of the registry takes. */
export type WidgetProps = {
  /** The field name in the schema (and key in the item or annotation data). */
  name: string
  config: WidgetConfig
  /** The stored value, as read from JSON; each widget reads it defensively. */
  value: unknown
  /** Absent for item fields and for read-only review screens. */
  onChange?: (value: unknown) => void
  /** True when no onChange is given: the spec's read-only review widgets. */
  readOnly: boolean
  /** Whether the field currently has an error, so the control is marked invalid. */
  invalid?: boolean
  mediaUrl?: MediaUrlBuilder
  language?: WidgetLanguage
  preferences: Preferences
  itemId: number
  /** Told when a read-only audio (an item's recording) has been played to its end. */
  onAudioPlayedToEnd?: (name: string) => void
}

export type WidgetDefinition = {
  component: ComponentType<WidgetProps>
  /** A human name of the widget, for schema editors and previews. */
  title: MessageDescriptor
}

export type WidgetRegistry = Record<WidgetComponent, WidgetDefinition>
