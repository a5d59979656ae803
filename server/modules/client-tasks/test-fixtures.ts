import { gridPlacement } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import {
  annotations,
  itemSets,
  type TaskSchemaDocument,
  type tasks,
  type taskTypes,
} from '../../db/schema'
import {
  annotationField,
  schemaField,
  seedClientGroup,
  seedLanguages,
  seedTaskType,
  seedTaskWithItems,
} from '../../test/fixtures'

/**
 * Builders for tests that need client tasks in the database: a client group (with members),
 * languages, a schema, a protocol and a task type, then tasks with items and annotations.
 * Every builder writes straight to the database and takes overrides for any column.
 */

/**
 * Item fields prompt and recording (audio); annotation fields transcript, ok (bool) and note,
 * whose row shows only when ok is 'false'.
 */
export const TEST_SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [{ row: 3, when: { field: 'ok', equals: 'false' } }],
  item_schema: {
    recording: schemaField('audio', 'Recording', gridPlacement(1, 2, 6)),
    prompt: schemaField('text', 'Prompt', gridPlacement(1, 1, 6)),
  },
  annotation_schema: {
    transcript: annotationField('textarea', 'Transcript', gridPlacement(2, 1), 'string'),
    ok: annotationField('checkbox', 'OK', gridPlacement(2, 2, 4, 1), 'bool'),
    note: annotationField('text', 'Why not?', gridPlacement(3, 1), 'string'),
  },
}

export type Definitions = {
  clientGroupId: number
  schemaId: number
  protocolId: number
  taskTypeId: number
  languages: { en: number; pl: number }
}

export async function seedDefinitions(
  db: Db,
  clientGroupId: number,
  typeOverrides: Partial<typeof taskTypes.$inferInsert> = {},
  schema: TaskSchemaDocument = TEST_SCHEMA,
): Promise<Definitions> {
  const seeded = await seedTaskType(db, clientGroupId, { schema, type: typeOverrides })
  return {
    clientGroupId,
    schemaId: seeded.schema.id,
    protocolId: seeded.protocol.id,
    taskTypeId: seeded.taskType.id,
    languages: await seedLanguages(db, ['en', 'pl']),
  }
}

/** A client group with the given members and a full set of definitions. */
export async function seedWorkspace(
  db: Db,
  memberIds: number[] = [],
  typeOverrides: Partial<typeof taskTypes.$inferInsert> = {},
) {
  const group = await seedClientGroup(db, { memberIds })
  return seedDefinitions(db, group.id, typeOverrides)
}

export type AnnotationSeed = Partial<
  Omit<typeof annotations.$inferInsert, 'itemId' | 'itemSetId' | 'userId'>
> & { userId: number }

export type ItemSeed = {
  data?: Record<string, unknown>
  dataId?: string | null
  annotations?: AnnotationSeed[]
}

/**
 * A task of the definitions' type with `items` in order. With fixed sets the items are grouped
 * into sets of items_per_set; annotations go into one (dynamic) item set per annotator.
 */
export async function seedTask(
  db: Db,
  definitions: Definitions,
  {
    items: itemSeeds = [],
    ...overrides
  }: Partial<typeof tasks.$inferInsert> & { items?: ItemSeed[] } = {},
) {
  const { task, itemIds } = await seedTaskWithItems(
    db,
    definitions,
    itemSeeds.map((seed, position) => ({
      data: seed.data ?? { prompt: `prompt ${position}` },
      dataId: seed.dataId ?? `row-${position}`,
    })),
    overrides,
  )
  const taskId = task.id
  const annotators = [
    ...new Set(itemSeeds.flatMap((seed) => (seed.annotations ?? []).map((a) => a.userId))),
  ]
  const handedOut =
    annotators.length === 0
      ? []
      : await db
          .insert(itemSets)
          .values(annotators.map((userId, index) => ({ taskId, userId, position: 1000 + index })))
          .returning({ id: itemSets.id, userId: itemSets.userId })
  const setOf = new Map(handedOut.map((set) => [set.userId!, set.id]))
  const annotationRows = itemSeeds.flatMap((seed, index) =>
    (seed.annotations ?? []).map(({ userId, ...annotation }) => ({
      itemId: itemIds[index]!,
      itemSetId: setOf.get(userId)!,
      userId,
      ...annotation,
    })),
  )
  // One statement for all annotations; its rows come back in the order they were given.
  const inserted =
    annotationRows.length === 0
      ? []
      : await db.insert(annotations).values(annotationRows).returning({ id: annotations.id })
  let next = 0
  const annotationIds = itemSeeds.map((seed) =>
    (seed.annotations ?? []).map(() => inserted[next++]!.id),
  )
  return { task, itemIds, annotationIds }
}
