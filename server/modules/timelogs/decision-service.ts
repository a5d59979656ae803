import { msg } from '#lingui-message'
import type { BulkIntervalDecision, IntervalDecision } from '../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { badRequest, notFound, permissionDenied } from '../../http/errors'
import { withValues } from '../../http/i18n'
import { decideIntervals, deleteInterval, intervalsForDecision } from './decision-queries'
import { findInterval } from './interval-queries'
import { intervalView } from './interval-service'
import { type LogScope, userIsVisible, visibleUserIds } from './scope'

/**
 * Accepts or rejects pending intervals, all or none: each must exist, be pending, and belong to
 * a user the coordinator coordinates (never the coordinator themselves, unless staff).
 */
export async function decide(
  db: Db,
  scope: LogScope,
  decision: BulkIntervalDecision | (IntervalDecision & { ids: number[] }),
) {
  const ids = [...new Set(decision.ids)]
  return db.transaction(async (tx) => {
    const found = await intervalsForDecision(tx, ids)
    const byId = new Map(found.map((row) => [row.id, row]))
    const missing = ids.filter((id) => !byId.has(id))
    const visible = await visibleUserIds(tx, scope, [...new Set(found.map((row) => row.userId))])
    const outside = found
      .filter((row) => (row.userId === scope.userId && !scope.isStaff) || !visible.has(row.userId))
      .map((row) => row.id)
    if (missing.length > 0 || outside.length > 0) {
      throw permissionDenied(
        msg({
          message: 'These time logs do not exist or are outside your coordination groups: {ids}.',
        }),
        { ids: [...missing, ...outside].sort((a, b) => a - b).join(', ') },
      )
    }
    const decided = found
      .filter((row) => row.status !== TIMELOG_STATUS.PENDING)
      .map((row) => row.id)
    if (decided.length > 0) {
      const ids = decided.join(', ')
      throw badRequest(
        withValues(
          msg({ message: 'Only pending time logs can be decided; already decided: {ids}.' }),
          { ids },
        ),
        { ids: [withValues(msg({ message: 'already decided: {ids}' }), { ids })] },
      )
    }
    const updated = await decideIntervals(tx, ids, decision)
    return { updated: updated.length }
  })
}

export async function decideOne(db: Db, scope: LogScope, id: number, decision: IntervalDecision) {
  await decide(db, scope, { ...decision, ids: [id] })
  const row = await findInterval(db, id)
  if (row === undefined) throw notFound()
  return intervalView(row)
}

/** A worker deletes their own pending interval. */
export async function removeInterval(db: Db, scope: LogScope, id: number) {
  const row = await findInterval(db, id)
  if (row === undefined || !(await userIsVisible(db, scope, row.userId))) throw notFound()
  if (row.userId !== scope.userId)
    throw permissionDenied(msg`Only the owner may delete a time log.`)
  if (row.status !== TIMELOG_STATUS.PENDING) {
    throw permissionDenied(msg`Only pending time logs can be deleted.`)
  }
  await deleteInterval(db, id)
}
