import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clientGroupColumns, userRefColumns } from '../../db/ref-columns'
import { rowsById } from '../../db/rows'
import { clientGroups, taskSchemas, users } from '../../db/schema'

export const schemaTable = rowsById(taskSchemas, 'task schema')

export async function schemaRows(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({
      schema: taskSchemas,
      author: userRefColumns,
      clientGroup: clientGroupColumns,
    })
    .from(taskSchemas)
    .innerJoin(clientGroups, eq(clientGroups.id, taskSchemas.clientGroupId))
    .leftJoin(users, eq(users.id, taskSchemas.authorId))
    .where(inArray(taskSchemas.id, ids))
}

/** A task schema's document, by its id (the schema a task or a task type pins). */
export async function schemaDocument(db: Db, schemaId: number) {
  const [row] = await db
    .select({ document: taskSchemas.schema })
    .from(taskSchemas)
    .where(eq(taskSchemas.id, schemaId))
  if (!row) throw new Error(`task schema ${schemaId} is missing`)
  return row.document
}
