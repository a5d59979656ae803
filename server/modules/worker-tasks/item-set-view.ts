import { layoutRows, type TaskSchemaDocument } from '../../../contract/task-schema'
import {
  annotationStatus,
  type WorkerAnnotation,
  type WorkerItem,
  type WorkerItemSet,
} from '../../../contract/worker'
import type { Db } from '../../db/client'
import { withDiacriticSigns } from '../languages/queries'
import { schemaDocument } from '../task-definitions/schema-queries'
import type { StoredAnnotation } from './annotation-queries'
import {
  doneItems,
  type OwnItemSet,
  protocolWithRead,
  type SetItemRow,
  slotItems,
} from './item-set-queries'

export function annotationView(row: StoredAnnotation): WorkerAnnotation {
  const view = {
    id: row.id,
    data: row.data,
    is_done: row.isDone,
    is_validating: row.isValidating,
    errors: row.errors,
    warnings: row.warnings,
    info: row.info,
    client_updated_at: row.clientUpdatedAt?.toISOString() ?? null,
  }
  return { ...view, status: annotationStatus(view) }
}

/** The item's widgets row by row: item fields with the item's values, annotation fields with the annotation's. */
export function widgetRows(
  document: TaskSchemaDocument,
  itemData: Record<string, unknown>,
  annotationData: Record<string, unknown>,
): WorkerItem['rows'] {
  return layoutRows(document).map(({ row, cells }) => ({
    row,
    cells: cells.map((cell) => ({
      name: cell.name,
      source: cell.source,
      data: (cell.source === 'item' ? itemData : annotationData)[cell.name] ?? null,
      config: cell.field.widget.config,
      colWidth: cell.field.grid_placement.col_width,
      colOffset: cell.field.grid_placement.col_offset,
    })),
  }))
}

function itemView(document: TaskSchemaDocument, row: SetItemRow): WorkerItem {
  return {
    id: row.id,
    task_id: row.taskId,
    data: row.data,
    annotation: row.annotation && annotationView(row.annotation),
    rows: widgetRows(document, row.data, row.annotation?.data ?? {}),
  }
}

/**
 * What the annotation screen needs to work through a set offline: its items with their widgets
 * and annotations, the pinned schema, the protocol, the lock and the task's languages with their
 * diacritic signs (for the sign palette of the text widgets). A set whose lock ended lists
 * only its done items (spec section 4).
 */
export async function itemSetView(db: Db, userId: number, set: OwnItemSet): Promise<WorkerItemSet> {
  const document = await schemaDocument(db, set.task.schemaId)
  const protocol = await protocolWithRead(db, userId, set.task.protocolId)
  const rows = set.locked ? await slotItems(db, set.id) : await doneItems(db, set.id)
  const [baseLanguage, targetLanguage] = await withDiacriticSigns(db, [
    set.baseLanguage,
    set.targetLanguage,
  ])
  return {
    id: set.id,
    task: {
      id: set.task.id,
      description: set.task.description,
      status: set.task.status,
      base_language: baseLanguage!,
      target_language: targetLanguage!,
      encrypt_audio: set.task.encryptAudio,
    },
    lock_expiration_timestamp: (set.lockExpiration ?? new Date(0)).toISOString(),
    expired: !set.locked,
    items: rows.map((row) => itemView(document, row)),
    items_count: rows.length,
    done_items_count: rows.filter((row) => row.annotation?.isDone).length,
    schema: document,
    protocol: {
      id: protocol.id,
      name: protocol.name,
      version: protocol.version,
      serving_type: protocol.servingType,
      read: protocol.readAt !== null,
    },
  }
}
