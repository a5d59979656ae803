import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { itemSets, protocolReads, tasks, taskTypes } from '../../db/schema'
import { workerMayTake } from './eligibility'

/**
 * Whether the protocol is pinned by a task the worker may take (in any status) or has had an
 * item set in: those are the protocols the worker has reason to read.
 */
export async function protocolConcernsWorker(db: Db, userId: number, protocolId: number) {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .innerJoin(taskTypes, eq(taskTypes.id, tasks.taskTypeId))
    .where(
      and(
        eq(tasks.protocolId, protocolId),
        sql`(${workerMayTake(userId)} or exists (
          select 1 from ${itemSets}
          where ${itemSets.taskId} = ${tasks.id} and ${itemSets.userId} = ${userId}))`,
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function findProtocolRead(db: Db, userId: number, protocolId: number) {
  const [row] = await db
    .select({ readAt: protocolReads.readAt })
    .from(protocolReads)
    .where(and(eq(protocolReads.userId, userId), eq(protocolReads.protocolId, protocolId)))
  return row
}

/** Records the confirmation; a repeated one keeps the first time. */
export async function recordProtocolRead(db: Db, userId: number, protocolId: number) {
  await db.insert(protocolReads).values({ userId, protocolId }).onConflictDoNothing()
  const read = await findProtocolRead(db, userId, protocolId)
  if (!read) throw new Error('protocol read vanished')
  return read.readAt
}
