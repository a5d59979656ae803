import type { WidgetCell } from '../../../../contract/client-tasks'
import { layoutRows, type TaskSchemaDocument } from '../../../../contract/task-schema'

/**
 * The widget rows of an item as a worker sees them: every item field (with the item's value) and
 * every annotation field (with the annotation's value, null before any) in the schema's layout
 * order. Hidden rows are kept: the client applies rows_visibility as the values change.
 */
export function widgetRows(
  schema: TaskSchemaDocument,
  itemData: Record<string, unknown>,
  annotationData: Record<string, unknown>,
): WidgetCell[][] {
  return layoutRows(schema).map(({ cells }) =>
    cells.map(({ name, source, field }) => ({
      name,
      data: (source === 'item' ? itemData : annotationData)[name] ?? null,
      config: field.widget.config,
      colWidth: field.grid_placement.col_width,
      colOffset: field.grid_placement.col_offset,
    })),
  )
}
