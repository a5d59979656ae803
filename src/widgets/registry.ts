import { msg } from '@lingui/core/macro'
import type { TaskSchemaDocument } from '../../contract/task-schema'
import { CheckboxWidget } from './choice/CheckboxWidget'
import { DropdownWidget } from './choice/DropdownWidget'
import { RadioWidget } from './choice/RadioWidget'
import { AudioWidget } from './media/AudioWidget'
import { ImageWidget } from './media/ImageWidget'
import { TextWidget } from './text/TextWidget'
import type { WidgetRegistry } from './types'
import { mediaValue } from './values'

/** Every widget the schema may name, keyed by `config.component`. */
export const widgetRegistry: WidgetRegistry = {
  text: { component: TextWidget, title: msg`Text field`, media: false },
  textarea: { component: TextWidget, title: msg`Text area`, media: false },
  checkbox: { component: CheckboxWidget, title: msg`Checkbox`, media: false },
  dropdown: { component: DropdownWidget, title: msg`Dropdown`, media: false },
  radio: { component: RadioWidget, title: msg`Radio buttons`, media: false },
  audio: { component: AudioWidget, title: msg`Audio player`, media: true },
  image: { component: ImageWidget, title: msg`Image`, media: true },
}

/**
 * The uuids of the media files an item needs (its own and its annotation's), so opening an item
 * set can fetch them all for offline work.
 */
export function mediaUuids(
  schema: Pick<TaskSchemaDocument, 'item_schema' | 'annotation_schema'>,
  itemData: Record<string, unknown>,
  annotationData: Record<string, unknown> = {},
): string[] {
  const uuids = new Set<string>()
  const collect = (fields: TaskSchemaDocument['item_schema'], data: Record<string, unknown>) => {
    for (const [name, field] of Object.entries(fields)) {
      if (!widgetRegistry[field.widget.config.component].media) continue
      const media = mediaValue(data[name])
      if (media) uuids.add(media.uuid)
    }
  }
  collect(schema.item_schema, itemData)
  collect(schema.annotation_schema, annotationData)
  return [...uuids]
}
