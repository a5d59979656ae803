import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  annotations,
  clientGroupMembers,
  clientGroups,
  itemSets,
  items,
  languages,
  type TaskSchemaDocument,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypes,
} from '../../db/schema'

/**
 * Builders for tests that need client tasks in the database: a client group (with members),
 * languages, a schema, a protocol and a task type, then tasks with items and annotations.
 * Every builder writes straight to the database and takes overrides for any column.
 */

const place = (row: number, column: number, colWidth = 6, colOffset = 0) => ({
  row,
  column,
  col_width: colWidth,
  col_offset: colOffset,
})

/**
 * Item fields prompt and recording (audio); annotation fields transcript, ok (bool) and note,
 * whose row shows only when ok is 'false'.
 */
export const TEST_SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [{ row: 3, when: { field: 'ok', equals: 'false' } }],
  item_schema: {
    recording: {
      widget: { config: { component: 'audio', label: 'Recording' } },
      grid_placement: place(1, 2),
    },
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(1, 1),
    },
  },
  annotation_schema: {
    transcript: {
      widget: { config: { component: 'textarea', label: 'Transcript' } },
      grid_placement: place(2, 1, 12),
      data_type: 'string',
    },
    ok: {
      widget: { config: { component: 'checkbox', label: 'OK' } },
      grid_placement: place(2, 2, 4, 1),
      data_type: 'bool',
    },
    note: {
      widget: { config: { component: 'text', label: 'Why not?' } },
      grid_placement: place(3, 1, 12),
      data_type: 'string',
    },
  },
}

let counter = 0
const unique = (prefix: string) => {
  counter += 1
  return `${prefix}-${counter}-${process.pid}`
}

export async function seedClientGroup(db: Db, memberIds: number[] = []) {
  const name = unique('group')
  const [group] = await db
    .insert(clientGroups)
    .values({ name, fullName: `${name} Ltd.` })
    .returning()
  if (memberIds.length > 0) {
    await db
      .insert(clientGroupMembers)
      .values(memberIds.map((userId) => ({ groupId: group!.id, userId })))
  }
  return group!
}

/** English and Polish, shared by every test of one database. */
export async function seedLanguages(db: Db) {
  await db
    .insert(languages)
    .values([
      { code: 'en', name: 'English' },
      { code: 'pl', name: 'Polish' },
    ])
    .onConflictDoNothing({ target: languages.code })
  const rows = await db.select().from(languages).where(sql`${languages.code} in ('en', 'pl')`)
  return {
    en: rows.find((row) => row.code === 'en')!.id,
    pl: rows.find((row) => row.code === 'pl')!.id,
  }
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
  const [taskSchema] = await db
    .insert(taskSchemas)
    .values({ name: unique('schema'), schema, clientGroupId })
    .returning()
  const [protocol] = await db
    .insert(taskProtocols)
    .values({ name: unique('protocol'), clientGroupId, content: '# Rules' })
    .returning()
  const [type] = await db
    .insert(taskTypes)
    .values({
      name: unique('type'),
      status: 'ACTIVE',
      schemaId: taskSchema!.id,
      protocolId: protocol!.id,
      clientGroupId,
      ...typeOverrides,
    })
    .returning()
  return {
    clientGroupId,
    schemaId: taskSchema!.id,
    protocolId: protocol!.id,
    taskTypeId: type!.id,
    languages: await seedLanguages(db),
  }
}

/** A client group with the given members and a full set of definitions. */
export async function seedWorkspace(
  db: Db,
  memberIds: number[] = [],
  typeOverrides: Partial<typeof taskTypes.$inferInsert> = {},
) {
  const group = await seedClientGroup(db, memberIds)
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
  const [task] = await db
    .insert(tasks)
    .values({
      description: unique('task'),
      taskTypeId: definitions.taskTypeId,
      schemaId: definitions.schemaId,
      protocolId: definitions.protocolId,
      baseLanguageId: definitions.languages.en,
      targetLanguageId: definitions.languages.pl,
      itemsTotal: itemSeeds.length,
      ...overrides,
    })
    .returning()
  const taskId = task!.id
  const fixedSets: number[] = []
  if (task!.isFixedSets) {
    for (let position = 0; position * task!.itemsPerSet < itemSeeds.length; position++) {
      const [set] = await db
        .insert(itemSets)
        .values({ taskId, isFixed: true, position })
        .returning({ id: itemSets.id })
      fixedSets.push(set!.id)
    }
  }
  const itemRows =
    itemSeeds.length === 0
      ? []
      : await db
          .insert(items)
          .values(
            itemSeeds.map((seed, position) => ({
              taskId,
              position,
              itemSetId: fixedSets[Math.floor(position / task!.itemsPerSet)] ?? null,
              data: seed.data ?? { prompt: `prompt ${position}` },
              dataId: seed.dataId ?? `row-${position}`,
            })),
          )
          .returning({ id: items.id })
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
      itemId: itemRows[index]!.id,
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
  return { task: task!, itemIds: itemRows.map((row) => row.id), annotationIds }
}
