import { MEDIA_COMPONENTS, type TaskSchemaDocument } from '../../contract/task-schema'
import { mediaValue } from './values'

/**
 * The uuids of the media files an item needs (its own and its annotation's), so opening an item
 * set can fetch them all for offline work. Apart from the widget registry, so the start-up code
 * that keeps item sets offline does not load every widget.
 */
export function mediaUuids(
  schema: Pick<TaskSchemaDocument, 'item_schema' | 'annotation_schema'>,
  itemData: Record<string, unknown>,
  annotationData: Record<string, unknown> = {},
): string[] {
  const uuids = new Set<string>()
  const collect = (fields: TaskSchemaDocument['item_schema'], data: Record<string, unknown>) => {
    for (const [name, field] of Object.entries(fields)) {
      if (!MEDIA_COMPONENTS.includes(field.widget.config.component)) continue
      const media = mediaValue(data[name])
      if (media) uuids.add(media.uuid)
    }
  }
  collect(schema.item_schema, itemData)
  collect(schema.annotation_schema, annotationData)
  return [...uuids]
}
