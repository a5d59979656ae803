import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type {
  AnnotationDataType,
  AnnotationField,
  GridPlacement,
  SchemaField,
  WidgetComponent,
} from '../../contract/task-schema'
import type { Db } from '../db/client'
import {
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
} from '../db/schema'

/**
 * Row builders the module fixtures share. Each writes straight to the database and takes
 * overrides for any column; module fixtures add what only their tests need.
 */

let nameCount = 0

/** A name no other row of this run has, also across processes sharing one database. */
export function uniqueName(prefix: string): string {
  nameCount += 1
  return `${prefix}-${nameCount}-${process.pid}-${randomUUID().slice(0, 8)}`
}

/** A schema field showing a widget of this kind under `label`. */
export const schemaField = (
  component: WidgetComponent,
  label: string,
  placement: GridPlacement,
): SchemaField => ({ widget: { config: { component, label } }, grid_placement: placement })

/** An annotation field: a schema field whose values have this data type. */
export const annotationField = (
  component: WidgetComponent,
  label: string,
  placement: GridPlacement,
  dataType: AnnotationDataType,
): AnnotationField => ({ ...schemaField(component, label, placement), data_type: dataType })

const LANGUAGE_NAMES = { en: 'English', pl: 'Polish', de: 'German' } as const
export type TestLanguageCode = keyof typeof LANGUAGE_NAMES

/** Language ids by code; a language another test of the same database made is reused. */
export async function seedLanguages<const TCode extends TestLanguageCode>(
  db: Db,
  codes: readonly TCode[],
): Promise<Record<TCode, number>> {
  await db
    .insert(languages)
    .values(codes.map((code) => ({ code, name: LANGUAGE_NAMES[code] })))
    .onConflictDoNothing({ target: languages.code })
  const rows = await db
    .select()
    .from(languages)
    .where(inArray(languages.code, [...codes]))
  return Object.fromEntries(
    codes.map((code) => [code, rows.find((row) => row.code === code)!.id]),
  ) as Record<TCode, number>
}

export type ClientGroup = typeof clientGroups.$inferSelect

/** A client group with the given members. */
export async function seedClientGroup(
  db: Db,
  {
    memberIds = [],
    ...values
  }: Partial<typeof clientGroups.$inferInsert> & { memberIds?: number[] } = {},
): Promise<ClientGroup> {
  const name = values.name ?? uniqueName('group')
  const [group] = await db
    .insert(clientGroups)
    .values({ fullName: `${name} Ltd.`, ...values, name })
    .returning()
  if (!group) throw new Error('client group insert returned nothing')
  if (memberIds.length > 0) {
    await db
      .insert(clientGroupMembers)
      .values(memberIds.map((userId) => ({ groupId: group.id, userId })))
  }
  return group
}

export type TaskTypeSeed = {
  schema: TaskSchemaDocument
  schemaValues?: Partial<typeof taskSchemas.$inferInsert>
  protocol?: Partial<typeof taskProtocols.$inferInsert>
  type?: Partial<typeof taskTypes.$inferInsert>
}

/** An ACTIVE task type of the client group, with a schema and a protocol of its own. */
export async function seedTaskType(
  db: Db,
  clientGroupId: number,
  { schema, schemaValues = {}, protocol = {}, type = {} }: TaskTypeSeed,
) {
  const [schemaRow] = await db
    .insert(taskSchemas)
    .values({ name: uniqueName('schema'), schema, clientGroupId, ...schemaValues })
    .returning()
  const [protocolRow] = await db
    .insert(taskProtocols)
    .values({ name: uniqueName('protocol'), clientGroupId, content: '# Rules', ...protocol })
    .returning()
  const [taskType] = await db
    .insert(taskTypes)
    .values({
      name: uniqueName('type'),
      status: 'ACTIVE',
      schemaId: schemaRow!.id,
      protocolId: protocolRow!.id,
      clientGroupId,
      ...type,
    })
    .returning()
  return { schema: schemaRow!, protocol: protocolRow!, taskType: taskType! }
}

export type ItemRowSeed = { data: Record<string, unknown>; dataId?: string | null }

/**
 * The task's items in order. A fixed-set task also gets its fixed sets of items_per_set items,
 * as an upload makes them.
 */
export async function seedTaskItems(
  db: Db,
  task: Pick<typeof tasks.$inferSelect, 'id' | 'isFixedSets' | 'itemsPerSet'>,
  seeds: ItemRowSeed[],
): Promise<{ itemIds: number[]; fixedSetIds: number[] }> {
  const fixedSetIds: number[] = []
  if (task.isFixedSets) {
    for (let position = 0; position * task.itemsPerSet < seeds.length; position++) {
      const [set] = await db
        .insert(itemSets)
        .values({ taskId: task.id, isFixed: true, position })
        .returning({ id: itemSets.id })
      fixedSetIds.push(set!.id)
    }
  }
  const itemRows =
    seeds.length === 0
      ? []
      : await db
          .insert(items)
          .values(
            seeds.map((seed, position) => ({
              taskId: task.id,
              position,
              itemSetId: fixedSetIds[Math.floor(position / task.itemsPerSet)] ?? null,
              data: seed.data,
              dataId: seed.dataId ?? null,
            })),
          )
          .returning({ id: items.id })
  return { itemIds: itemRows.map((row) => row.id), fixedSetIds }
}

/** What a task row takes from its definitions: its type, schema and protocol, and its languages. */
export type TaskDefinitionIds = {
  taskTypeId: number
  schemaId: number
  protocolId: number
  languages: { en: number; pl: number }
}

/**
 * A task of the definitions' type, base English and target Polish, with its items in order (see
 * seedTaskItems); `values` override any column.
 */
export async function seedTaskWithItems(
  db: Db,
  definitions: TaskDefinitionIds,
  seeds: ItemRowSeed[],
  values: Partial<typeof tasks.$inferInsert> = {},
) {
  const [task] = await db
    .insert(tasks)
    .values({
      description: uniqueName('task'),
      taskTypeId: definitions.taskTypeId,
      schemaId: definitions.schemaId,
      protocolId: definitions.protocolId,
      baseLanguageId: definitions.languages.en,
      targetLanguageId: definitions.languages.pl,
      itemsTotal: seeds.length,
      ...values,
    })
    .returning()
  if (!task) throw new Error('task insert returned nothing')
  return { task, ...(await seedTaskItems(db, task, seeds)) }
}
