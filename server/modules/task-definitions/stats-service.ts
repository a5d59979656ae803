import { eq } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type { EndworkerStatsQuery, LanguageStatsQuery } from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import { taskTypes } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { assertInClientScope, clientScopeOf } from '../client-groups/scope'
import {
  endworkerStatRows,
  type LanguageSide,
  languageStatRows,
  taskTypeLanguages,
} from './stats-queries'

/** The task type a statistics call is about, 404 outside the user's client groups. */
async function visibleTaskType(db: Db, user: SessionUser, id: number) {
  const [row] = await db
    .select({
      id: taskTypes.id,
      clientGroupId: taskTypes.clientGroupId,
      annotationsPerItem: taskTypes.annotationsPerItem,
    })
    .from(taskTypes)
    .where(eq(taskTypes.id, id))
    .limit(1)
  return assertInClientScope(await clientScopeOf(db, user), row, msg`No such task type.`)
}

export async function languagesOfTaskType(
  db: Db,
  user: SessionUser,
  id: number,
  side: LanguageSide,
) {
  const taskType = await visibleTaskType(db, user, id)
  return taskTypeLanguages(db, taskType.id, side)
}

export async function languageStats(
  db: Db,
  user: SessionUser,
  id: number,
  query: LanguageStatsQuery,
) {
  const taskType = await visibleTaskType(db, user, id)
  return languageStatRows(db, taskType, query.language_type, {
    start: query.timeframe_start,
    end: query.timeframe_end,
  })
}

/** Workers by done annotations, most first, then by username. */
export async function endworkerStats(
  db: Db,
  user: SessionUser,
  id: number,
  query: EndworkerStatsQuery,
) {
  const taskType = await visibleTaskType(db, user, id)
  const rows = await endworkerStatRows(
    db,
    taskType.id,
    { baseLanguageId: query.base_language_id, targetLanguageId: query.target_language_id },
    { start: query.timeframe_start, end: query.timeframe_end },
  )
  return rows.sort(
    (a, b) => b.annotations_done - a.annotations_done || a.username.localeCompare(b.username),
  )
}
