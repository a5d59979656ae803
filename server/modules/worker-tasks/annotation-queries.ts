import { and, eq, type SQL, sql } from 'drizzle-orm'
import { hasPermission, ROLES } from '../../../contract/roles'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import { preparedPerDatabase, prepareRaw } from '../../db/prepared'
import {
  annotations,
  itemSetItems,
  itemSets,
  items,
  protocolReads,
  sessions,
  taskSchemas,
  tasks,
  users,
  type ValidationMessages,
} from '../../db/schema'
import { answerValues, type IdempotencyScope, insertAnswer } from '../../http/idempotency'

/**
 * Everything a save checks and validates against, read in the save's transaction: the worker's
 * set with its task state, the item's data (null when the item is not in the set), whether its
 * stored annotation is done and whether claims passed the item as having its done annotations
 * (it lies before the task's first open position). The item stays locked FOR NO KEY UPDATE
 * until the transaction ends, so a concurrent claim counts the annotation being saved
 * (lockCandidateItems); not FOR SHARE, which two saves of the item could both hold and then
 * deadlock on the update of its done count (items_count_done_annotations). Undefined when the set is not the worker's.
 */
export async function findSaveTarget(
  db: Db,
  userId: number,
  target: { itemSetId: number; itemId: number },
) {
  const [row] = await db
    .select({
      itemSetId: itemSets.id,
      taskId: itemSets.taskId,
      taskStatus: tasks.status,
      locked: sql<boolean>`coalesce(${itemSets.lockExpiration} > now(), false)`,
      protocolConfirmed: sql<boolean>`exists (
        select 1 from ${protocolReads} r
        where r.user_id = ${userId} and r.protocol_id = ${tasks.protocolId})`,
      document: taskSchemas.schema,
      itemData: sql<Record<string, unknown> | null>`(
        select i.data from ${itemSetItems} s join ${items} i on i.id = s.item_id
        where s.item_set_id = ${itemSets.id} and s.item_id = ${target.itemId}
        for no key update of i)`,
      storedDone: sql<boolean>`exists (
        select 1 from ${annotations} a
        where a.item_set_id = ${itemSets.id} and a.item_id = ${target.itemId} and a.is_done)`,
      passedByClaims: sql<boolean>`coalesce((
        select i.position < ${tasks.firstOpenPosition} from ${items} i
        where i.id = ${target.itemId}), false)`,
    })
    .from(itemSets)
    .innerJoin(tasks, eq(tasks.id, itemSets.taskId))
    .innerJoin(taskSchemas, eq(taskSchemas.id, tasks.schemaId))
    .where(and(eq(itemSets.id, target.itemSetId), eq(itemSets.userId, userId)))
  return row
}

export type SaveTarget = NonNullable<Awaited<ReturnType<typeof findSaveTarget>>>

/**
 * What saves into a handed-out set validate against, none of which changes while the set
 * exists: its worker and task, the task's schema (a version tasks use is never edited in place)
 * and the data of its items by item id (items are never edited).
 */
export type SetContext = {
  userId: number | null
  taskId: number
  document: TaskSchemaDocument
  itemData: Record<string, Record<string, unknown>>
}

const setContextStatement = preparedPerDatabase((db) =>
  prepareRaw<{
    user_id: number | null
    task_id: number
    document: TaskSchemaDocument
    item_data: Record<string, Record<string, unknown>>
  }>(
    db,
    'find_set_context',
    sql`
      select st.user_id, st.task_id, ts.schema as document,
        coalesce(jsonb_object_agg(i.id::text, i.data) filter (where i.id is not null), '{}')
          as item_data
      from ${itemSets} st
      join ${tasks} t on t.id = st.task_id
      join ${taskSchemas} ts on ts.id = t.schema_id
      left join ${itemSetItems} s on s.item_set_id = st.id
      left join ${items} i on i.id = s.item_id
      where st.id = ${sql.placeholder('itemSetId')}
      group by st.id, ts.id`,
  ),
)

/** The context of the set, undefined for no such set. */
export async function findSetContext(db: Db, itemSetId: number): Promise<SetContext | undefined> {
  const [row] = await setContextStatement(db).execute({ itemSetId })
  return (
    row && {
      userId: row.user_id,
      taskId: row.task_id,
      document: row.document,
      itemData: row.item_data,
    }
  )
}

export type AnnotationWrite = {
  itemSetId: number
  itemId: number
  taskId: number
  userId: number
  data: Record<string, unknown>
  isDone: boolean
  errors: ValidationMessages
  warnings: ValidationMessages
  info: ValidationMessages
  clientUpdatedAt: Date
}

export type StoredAnnotation = {
  id: number
  data: Record<string, unknown>
  isDone: boolean
  isValidating: boolean
  errors: ValidationMessages
  warnings: ValidationMessages
  info: ValidationMessages
  clientUpdatedAt: Date | null
}

type StoredRow = {
  id: number
  data: Record<string, unknown>
  is_done: boolean
  is_validating: boolean
  errors: ValidationMessages
  warnings: ValidationMessages
  info: ValidationMessages
  client_updated_at: Date | string | null
}

const value = (name: keyof AnnotationWrite) => sql.placeholder(name)

/** The placeholder values of annotationWrite. */
const writeValues = (write: AnnotationWrite) => ({
  ...write,
  data: JSON.stringify(write.data),
  errors: JSON.stringify(write.errors),
  warnings: JSON.stringify(write.warnings),
  info: JSON.stringify(write.info),
  clientUpdatedAt: write.clientUpdatedAt.toISOString(),
})

/**
 * One statement that inserts or updates the set's annotation of the item when this edit is newer
 * (by the client's clock) than the stored one, and marks work on the set and its task; `alsoWrite`
 * is one more data-modifying step, which may read the stored row from `saved`; `answered` is what
 * the statement answers of `saved` and `target` (all their columns by default). The write happens
 * only when `target` (a query of the set's item_set_id and task_id) answers a row. Marks of work
 * are coarse, so they are not written on every save: the set's at most every 10 seconds, the
 * task's at most once a second, skipped while another save writes it (the task row is shared by
 * every worker of the task: saves do not queue behind each other on it). Values are
 * placeholders, filled by writeValues.
 */
function annotationWrite(target: SQL, alsoWrite?: SQL, answered = sql`*`): SQL {
  return sql`
    with target as (${target}),
    saved as (
      insert into ${annotations} as a (item_id, item_set_id, user_id, data, is_done,
        is_validating, errors, warnings, info, locked_at, client_updated_at)
      select ${value('itemId')}::int, target.item_set_id, ${value('userId')}::int,
        ${value('data')}::jsonb, ${value('isDone')}::boolean, false, ${value('errors')}::jsonb,
        ${value('warnings')}::jsonb, ${value('info')}::jsonb,
        case when ${value('isDone')}::boolean then now() end,
        ${value('clientUpdatedAt')}::timestamptz
      from target
      on conflict (item_set_id, item_id) do update set
        data = excluded.data,
        is_done = excluded.is_done,
        is_validating = false,
        errors = excluded.errors,
        warnings = excluded.warnings,
        info = excluded.info,
        modified_at = now(),
        client_updated_at = excluded.client_updated_at,
        -- The feedback list's 'Annotation edition': when the annotation was last finished.
        locked_at = case when excluded.is_done and not a.is_done then now() else a.locked_at end
      where a.client_updated_at is null or a.client_updated_at < excluded.client_updated_at
      returning a.id, a.data, a.is_done, a.is_validating, a.errors, a.warnings, a.info,
        a.client_updated_at
    ),
    set_touched as (
      update ${itemSets} set modified_at = now()
      where id = (select item_set_id from target) and exists (select 1 from saved)
        and modified_at < now() - interval '10 seconds'
    ),
    task_touched as (
      update ${tasks} set last_activity = now()
      where id = (
        select t.id from ${tasks} t
        where t.id = (select task_id from target) and exists (select 1 from saved)
          and (t.last_activity is null or t.last_activity < now() - interval '1 second')
        for no key update skip locked)
    )
    ${alsoWrite ? sql`, also_written as (${alsoWrite})` : sql``}
    select ${answered} from saved, target`
}

function storedAnnotation(row: StoredRow | undefined): StoredAnnotation | undefined {
  return (
    row && {
      id: row.id,
      data: row.data,
      isDone: row.is_done,
      isValidating: row.is_validating,
      errors: row.errors,
      warnings: row.warnings,
      info: row.info,
      clientUpdatedAt: row.client_updated_at === null ? null : new Date(row.client_updated_at),
    }
  )
}

/**
 * The write of a save whose checks ran in this transaction (the item locked FOR NO KEY UPDATE by
 * findSaveTarget): answers the stored row, or undefined when a newer edit is there.
 */
export async function upsertNewerAnnotation(db: Db, write: AnnotationWrite) {
  const target = sql`select ${value('itemSetId')}::int as item_set_id,
    ${value('taskId')}::int as task_id`
  const statement = prepareRaw<StoredRow>(db, 'upsert_annotation', annotationWrite(target))
  const [row] = await statement.execute(writeValues(write))
  return storedAnnotation(row)
}

// As a PostgreSQL array literal: the roles hasPermission lets save annotations.
const rolesThatAnnotate = `{${ROLES.filter((role) => hasPermission([role], 'endworker')).join(',')}}`

/**
 * A save in one statement, outside any transaction, which writes only while the checks of a
 * save pass: the request's session is live, of an active user who may annotate, whose set it
 * is; its lock holds, the task is in progress, the protocol confirmed and the item in the set.
 * The statement answers whether the session's sliding expiry is due. A done save holds the item FOR NO KEY UPDATE (see findSaveTarget) for the statement, so a concurrent
 * claim counts it (lockCandidateItems); a save that is not done changes nothing a claim counts.
 * A save that is not done also refuses to take back a done annotation of an item claims passed
 * as done: that reopens the item, which the save's transaction does. Nor does it save into a
 * gold item, whose answer the transaction scores (judgeGoldAnswer). `alsoWrite` (the
 * idempotent answer) is written with it.
 */
function checkedWrite(done: boolean, alsoWrite?: SQL) {
  const notReopening = sql`and (i.position >= t.first_open_position or not exists (
    select 1 from ${annotations} a
    where a.item_set_id = st.id and a.item_id = i.id and a.is_done))`
  return annotationWrite(
    sql`
      select st.id as item_set_id, st.task_id,
        ss.last_seen_at < now() - interval '1 minute' as session_stale
      from ${itemSets} st
      join ${sessions} ss on ss.user_id = st.user_id
      join ${users} u on u.id = ss.user_id
      join ${tasks} t on t.id = st.task_id
      join ${itemSetItems} s on s.item_set_id = st.id
      join ${items} i on i.id = s.item_id
      where st.id = ${value('itemSetId')} and st.user_id = ${value('userId')}
        and s.item_id = ${value('itemId')}
        and ss.id_hash = ${sql.placeholder('sessionIdHash')} and ss.expires_at > now()
        and u.is_active and u.roles && ${rolesThatAnnotate}::text[]
        and st.lock_expiration > now()
        and not i.is_gold
        and t.status = 'IN_PROGRESS'
        and exists (
          select 1 from ${protocolReads} r
          where r.user_id = st.user_id and r.protocol_id = t.protocol_id)
        ${done ? sql`` : notReopening}
      ${done ? sql`for no key update of i` : sql``}`,
    alsoWrite,
    // The caller has the values it wrote: the stored jsonb need not travel back.
    sql`saved.id, target.session_stale`,
  )
}

// The stored answer is the one given, with the id of the annotation written.
const answerStep = () =>
  insertAnswer(
    sql`${sql.placeholder('answer')}::jsonb || jsonb_build_object('id', saved.id)`,
    sql`saved`,
  )

const preparedSave = (name: string, query: SQL) =>
  preparedPerDatabase((db) => prepareRaw<{ id: number; session_stale: boolean }>(db, name, query))

const checkedSaves = {
  draft: preparedSave('save_annotation', checkedWrite(false)),
  draftAnswered: preparedSave('save_annotation_answered', checkedWrite(false, answerStep())),
  done: preparedSave('save_annotation_done', checkedWrite(true)),
  doneAnswered: preparedSave('save_annotation_done_answered', checkedWrite(true, answerStep())),
}

/**
 * Runs checkedWrite for the session of `sessionIdHash`, storing `answer` (without the
 * annotation's id, which the statement adds) under the request's Idempotency-Key when given.
 * Answers the id of the annotation written with whether the session's sliding expiry is due, or
 * undefined when nothing was written: a check failed, or a newer edit is there. Fails on a key
 * used before (isKeyTaken).
 */
export async function saveNewerAnnotationChecked(
  db: Db,
  sessionIdHash: string,
  write: AnnotationWrite,
  answer: { scope: IdempotencyScope; body: object } | null,
) {
  const statement = write.isDone
    ? answer
      ? checkedSaves.doneAnswered
      : checkedSaves.done
    : answer
      ? checkedSaves.draftAnswered
      : checkedSaves.draft
  const answerPart = answer && {
    ...answerValues(answer.scope),
    answer: JSON.stringify(answer.body),
  }
  const [row] = await statement(db).execute({ ...writeValues(write), ...answerPart, sessionIdHash })
  return row && { id: row.id, sessionStale: row.session_stale }
}

export async function findAnnotation(db: Db, itemSetId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(annotations)
    .where(and(eq(annotations.itemSetId, itemSetId), eq(annotations.itemId, itemId)))
  return row
}
