/** The item widgets and the schema renderer, for the annotation, preview and review screens. */
export { type AnnotationValues, ItemRenderer, type ItemRendererProps } from './ItemRenderer'
export { replayItemAudio, toggleItemAudio } from './media/playback'
export { widgetRegistry } from './registry'
export type {
  DiacriticSign,
  MediaUrlBuilder,
  WidgetDefinition,
  WidgetLanguage,
  WidgetProps,
  WidgetRegistry,
} from './types'
