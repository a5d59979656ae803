import { and, asc, count, countDistinct, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { annotations, items, languages, tasks, timeLogIntervals, users } from '../../db/schema'
import { isApprovedInterval } from '../timelogs/approved'

/** A half-open time frame; either bound may be missing. */
export type Frame = { start?: Date; end?: Date }

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** `expression` lies in the frame. */
function inFrame(expression: SQL | AnyPgColumn, frame: Frame): SQL | undefined {
  return and(
    frame.start ? sql`${expression} >= ${at(frame.start)}` : undefined,
    frame.end ? sql`${expression} < ${at(frame.end)}` : undefined,
  )
}

/** When an annotation was finished: its lock time, or its last change for older rows. */
const finishedAt = sql`coalesce(${annotations.lockedAt}, ${annotations.modifiedAt})`

export type LanguageSide = 'base' | 'target'
const languageColumn = (side: LanguageSide) =>
  side === 'base' ? tasks.baseLanguageId : tasks.targetLanguageId

/** The languages of a task type's tasks on one side, with how many tasks use each. */
export function taskTypeLanguages(db: Db, taskTypeId: number, side: LanguageSide) {
  const column = languageColumn(side)
  return db
    .select({ id: languages.id, code: languages.code, name: languages.name, tasks: count() })
    .from(tasks)
    .innerJoin(languages, eq(languages.id, column))
    .where(eq(tasks.taskTypeId, taskTypeId))
    .groupBy(languages.id)
    .orderBy(asc(languages.name))
}

/**
 * Per language of one side: tasks running in the frame, their items, how many of those have
 * `annotationsPerItem` done annotations, and the done annotations finished in the frame.
 */
export async function languageStatRows(
  db: Db,
  taskType: { id: number; annotationsPerItem: number },
  side: LanguageSide,
  frame: Frame,
) {
  const column = languageColumn(side)
  const runningInFrame = and(
    eq(tasks.taskTypeId, taskType.id),
    frame.end ? sql`${tasks.createdAt} < ${at(frame.end)}` : undefined,
    frame.start
      ? or(isNull(tasks.endedAt), sql`${tasks.endedAt} >= ${at(frame.start)}`)
      : undefined,
  )
  const taskCounts = await db
    .select({ languageId: column, value: count() })
    .from(tasks)
    .where(runningInFrame)
    .groupBy(column)

  const doneByItem = db
    .select({ itemId: annotations.itemId, done: count().as('done') })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .innerJoin(tasks, eq(tasks.id, items.taskId))
    .where(and(eq(tasks.taskTypeId, taskType.id), eq(annotations.isDone, true)))
    .groupBy(annotations.itemId)
    .as('done_by_item')
  const itemCounts = await db
    .select({
      languageId: column,
      items: count(),
      doneItems:
        sql<number>`count(*) filter (where coalesce(${doneByItem.done}, 0) >= ${taskType.annotationsPerItem})`.mapWith(
          Number,
        ),
    })
    .from(items)
    .innerJoin(tasks, eq(tasks.id, items.taskId))
    .leftJoin(doneByItem, eq(doneByItem.itemId, items.id))
    // Gold items are not the tasks' work.
    .where(and(runningInFrame, eq(items.isGold, false)))
    .groupBy(column)

  const annotationCounts = await db
    .select({ languageId: column, value: count() })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .innerJoin(tasks, eq(tasks.id, items.taskId))
    .where(
      and(
        eq(tasks.taskTypeId, taskType.id),
        eq(annotations.isDone, true),
        inFrame(finishedAt, frame),
      ),
    )
    .groupBy(column)

  const languageIds = [
    ...new Set([...taskCounts, ...itemCounts, ...annotationCounts].map((row) => row.languageId)),
  ]
  const named = languageIds.length
    ? await db
        .select({ id: languages.id, code: languages.code, name: languages.name })
        .from(languages)
        .where(inArray(languages.id, languageIds))
        .orderBy(asc(languages.name))
    : []
  return named.map((language) => {
    const itemRow = itemCounts.find((row) => row.languageId === language.id)
    return {
      ...language,
      tasks: taskCounts.find((row) => row.languageId === language.id)?.value ?? 0,
      items: itemRow?.items ?? 0,
      done_items: itemRow?.doneItems ?? 0,
      annotations: annotationCounts.find((row) => row.languageId === language.id)?.value ?? 0,
    }
  })
}

export type WorkerFilter = { baseLanguageId?: number; targetLanguageId?: number }

/**
 * Per worker over a task type's tasks (narrowed by language): done annotations finished in the
 * frame, distinct items worked on in the frame, the last finish in the frame, and seconds of
 * approved time-log intervals on these tasks clipped to the frame (pending and rejected logs
 * left out).
 */
export async function endworkerStatRows(
  db: Db,
  taskTypeId: number,
  filter: WorkerFilter,
  frame: Frame,
) {
  const taskIds = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.taskTypeId, taskTypeId),
        filter.baseLanguageId === undefined
          ? undefined
          : eq(tasks.baseLanguageId, filter.baseLanguageId),
        filter.targetLanguageId === undefined
          ? undefined
          : eq(tasks.targetLanguageId, filter.targetLanguageId),
      ),
    )
  const finishedInFrame = and(eq(annotations.isDone, true), inFrame(finishedAt, frame)) ?? sql`true`
  const work = await db
    .select({
      userId: annotations.userId,
      annotationsDone: sql<number>`count(*) filter (where ${finishedInFrame})`.mapWith(Number),
      items: countDistinct(annotations.itemId),
      lastAnnotation:
        sql<Date | null>`max(${finishedAt}) filter (where ${finishedInFrame})`.mapWith(
          annotations.modifiedAt,
        ),
    })
    .from(annotations)
    .innerJoin(items, eq(items.id, annotations.itemId))
    .where(
      and(
        inArray(items.taskId, taskIds),
        or(inFrame(annotations.modifiedAt, frame), inFrame(finishedAt, frame)),
      ),
    )
    .groupBy(annotations.userId)

  const clippedStart = frame.start
    ? sql`greatest(${timeLogIntervals.startAt}, ${at(frame.start)})`
    : sql`${timeLogIntervals.startAt}`
  const clippedEnd = frame.end
    ? sql`least(${timeLogIntervals.endAt}, ${at(frame.end)})`
    : sql`${timeLogIntervals.endAt}`
  const time = await db
    .select({
      userId: timeLogIntervals.userId,
      seconds:
        sql<number>`coalesce(sum(extract(epoch from (${clippedEnd} - ${clippedStart}))), 0)`.mapWith(
          Number,
        ),
    })
    .from(timeLogIntervals)
    .where(
      and(
        inArray(timeLogIntervals.taskId, taskIds),
        isApprovedInterval(timeLogIntervals.status),
        frame.start ? sql`${timeLogIntervals.endAt} > ${at(frame.start)}` : undefined,
        frame.end ? sql`${timeLogIntervals.startAt} < ${at(frame.end)}` : undefined,
      ),
    )
    .groupBy(timeLogIntervals.userId)

  const userIds = [...new Set([...work, ...time].map((row) => row.userId))]
  const names = userIds.length
    ? await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, userIds))
    : []
  return names.map((user) => {
    const done = work.find((row) => row.userId === user.id)
    return {
      ...user,
      annotations_done: done?.annotationsDone ?? 0,
      items: done?.items ?? 0,
      worktime: Math.round(time.find((row) => row.userId === user.id)?.seconds ?? 0),
      last_annotation: done?.lastAnnotation?.toISOString() ?? null,
    }
  })
}
