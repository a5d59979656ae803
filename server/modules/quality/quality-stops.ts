import { and, desc, eq, isNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { msg } from '#lingui-message'
import type { QualityRelease, QualityStop } from '../../../contract/coordinator-users'
import type { Db } from '../../db/client'
import { qualityStops, taskTypes, users } from '../../db/schema'
import { notFound } from '../../http/errors'

const releasedBy = alias(users, 'released_by')

/** The user's stops by the quality gate, newest first, with who let them back in. */
export async function userQualityStops(db: Db, userId: number): Promise<QualityStop[]> {
  const rows = await db
    .select({
      id: qualityStops.id,
      taskType: { id: taskTypes.id, name: taskTypes.name },
      stoppedAt: qualityStops.stoppedAt,
      accuracy: qualityStops.accuracy,
      goldAnswers: qualityStops.goldAnswers,
      releasedAt: qualityStops.releasedAt,
      releasedBy: {
        id: releasedBy.id,
        username: releasedBy.username,
        firstName: releasedBy.firstName,
        lastName: releasedBy.lastName,
      },
    })
    .from(qualityStops)
    .innerJoin(taskTypes, eq(taskTypes.id, qualityStops.taskTypeId))
    .leftJoin(releasedBy, eq(releasedBy.id, qualityStops.releasedById))
    .where(eq(qualityStops.userId, userId))
    .orderBy(desc(qualityStops.stoppedAt), desc(qualityStops.id))
  return rows.map((row) => ({
    id: row.id,
    task_type: row.taskType,
    stopped_timestamp: row.stoppedAt.toISOString(),
    accuracy: row.accuracy,
    gold_answers: row.goldAnswers,
    released_by: row.releasedBy && {
      id: row.releasedBy.id,
      username: row.releasedBy.username,
      first_name: row.releasedBy.firstName,
      last_name: row.releasedBy.lastName,
    },
    released_timestamp: row.releasedAt?.toISOString() ?? null,
  }))
}

/**
 * Lets the user back into the task type: their stop is marked released by the caller, now. Gold
 * answers made before no longer count for the gate (goldRecordSinceRelease). The caller checks
 * the caller may act on the user. Answers the user's stops.
 */
export async function releaseQualityStop(
  db: Db,
  callerId: number,
  userId: number,
  release: QualityRelease,
): Promise<QualityStop[]> {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(qualityStops)
      .set({ releasedById: callerId, releasedAt: new Date() })
      .where(
        and(
          eq(qualityStops.userId, userId),
          eq(qualityStops.taskTypeId, release.task_type),
          isNull(qualityStops.releasedAt),
        ),
      )
      .returning({ id: qualityStops.id })
    if (released.length === 0) {
      throw notFound(msg`The quality gate has not stopped this user from this task type.`)
    }
    return userQualityStops(tx, userId)
  })
}
