import { eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { timeLogIntervals } from '../../db/schema'

export async function decideIntervals(
  tx: Tx,
  ids: number[],
  decision: { status: number; comment?: string },
) {
  return tx
    .update(timeLogIntervals)
    .set({
      status: decision.status,
      ...(decision.comment === undefined ? {} : { comment: decision.comment }),
    })
    .where(inArray(timeLogIntervals.id, ids))
    .returning({ id: timeLogIntervals.id })
}

/** The intervals among `ids` with their owner and status, locked for a decision. */
export function intervalsForDecision(tx: Tx, ids: number[]) {
  return tx
    .select({
      id: timeLogIntervals.id,
      userId: timeLogIntervals.userId,
      status: timeLogIntervals.status,
    })
    .from(timeLogIntervals)
    .where(inArray(timeLogIntervals.id, ids))
    .for('update')
}

export function deleteInterval(db: Db, id: number) {
  return db.delete(timeLogIntervals).where(eq(timeLogIntervals.id, id))
}
