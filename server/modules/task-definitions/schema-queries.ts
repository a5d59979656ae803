import { eq, inArray } from 'drizzle-orm'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import { clientGroups, taskSchemas, users } from '../../db/schema'

export async function schemaRows(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      schema: taskSchemas,
      author: { id: users.id, username: users.username },
      clientGroup: {
        id: clientGroups.id,
        name: clientGroups.name,
        full_name: clientGroups.fullName,
      },
    })
    .from(taskSchemas)
    .innerJoin(clientGroups, eq(clientGroups.id, taskSchemas.clientGroupId))
    .leftJoin(users, eq(users.id, taskSchemas.authorId))
    .where(inArray(taskSchemas.id, ids))
}

export async function lockSchema(db: Db, id: number) {
  const [row] = await db.select().from(taskSchemas).where(eq(taskSchemas.id, id)).for('update')
  return row
}

export type SchemaRow = NonNullable<Awaited<ReturnType<typeof lockSchema>>>

export async function insertSchema(db: Db, values: typeof taskSchemas.$inferInsert) {
  const [row] = await db.insert(taskSchemas).values(values).returning({ id: taskSchemas.id })
  if (!row) throw new Error('task schema insert returned nothing')
  return row.id
}

export async function updateSchema(
  db: Db,
  id: number,
  values: { name?: string; schema?: TaskSchemaDocument },
) {
  if (Object.keys(values).length === 0) return
  await db.update(taskSchemas).set(values).where(eq(taskSchemas.id, id))
}
