import { type SQL, sql } from 'drizzle-orm'
import type { ReviewTask } from '../../../contract/review'
import type { Db } from '../../db/client'
import { isoOrNull, selectRows } from '../../db/raw-rows'

/** A task with the review items `items` (a query of review_items `ri`) gathers. */
type TaskRow = {
  id: number
  description: string
  encrypt_audio: boolean
  task_type: {
    id: number
    name: string
    client_group: { id: number; name: string; full_name: string }
  }
  protocol: { id: number; name: string; version: number; created_at: string }
  base_language: { id: number; code: string; name: string }
  target_language: { id: number; code: string; name: string }
  total: number
}

/** Counts of a task's review items, computed over `ri` grouped by task. */
export type TaskCounts = Record<string, SQL>

export type TaskWindow = {
  /** Which review items count (always joined with their task `t` and its type `tt`). */
  items: SQL
  counts: TaskCounts
  /** Conditions on the counts, by their names. */
  having: SQL
  orderBy: SQL
  offset: number
  limit: number
}

const json = (columns: string) => sql.raw(`json_build_object(${columns})`)

/**
 * A page of tasks with counts of their review items, and the number of tasks that match. The
 * items are counted per task first, then the few tasks of the page get their descriptions.
 */
export async function listTasksWithCounts<TRow>(db: Db, window: TaskWindow) {
  const countColumns = sql.join(
    Object.entries(window.counts).map(
      ([name, expression]) => sql`${expression} as ${sql.identifier(name)}`,
    ),
    sql`, `,
  )
  const rows = await selectRows<TaskRow & Record<string, unknown>>(
    db,
    sql`with counted as (
      select ri.task_id, ${countColumns}
      from review_items ri
      join tasks t on t.id = ri.task_id
      join task_types tt on tt.id = t.task_type_id
      where ${window.items}
      group by ri.task_id),
    chosen as (
      select counted.*, count(*) over ()::int as total from counted
      where ${window.having}
      order by ${window.orderBy}
      offset ${window.offset} limit ${window.limit})
    select chosen.*, t.id, t.description, t.encrypt_audio,
      ${json(`'id', tt.id, 'name', tt.name, 'client_group',
        json_build_object('id', cg.id, 'name', cg.name, 'full_name', cg.full_name)`)} as task_type,
      ${json(`'id', p.id, 'name', p.name, 'version', p.version, 'created_at', p.created_at`)}
        as protocol,
      ${json(`'id', bl.id, 'code', bl.code, 'name', bl.name`)} as base_language,
      ${json(`'id', tl.id, 'code', tl.code, 'name', tl.name`)} as target_language
    from chosen
    join tasks t on t.id = chosen.task_id
    join task_types tt on tt.id = t.task_type_id
    join client_groups cg on cg.id = tt.client_group_id
    join task_protocols p on p.id = t.protocol_id
    join languages bl on bl.id = t.base_language_id
    join languages tl on tl.id = t.target_language_id
    order by ${window.orderBy}`,
  )
  return { count: rows[0]?.total ?? 0, rows: rows as (TaskRow & TRow)[] }
}

/** One task with the counts of the review items `items` selects of it, if it has any. */
export async function findTaskWithCounts<TRow>(
  db: Db,
  taskId: number,
  items: SQL,
  counts: TaskCounts,
) {
  const { rows } = await listTasksWithCounts<TRow>(db, {
    items: sql`${items} and ri.task_id = ${taskId}`,
    counts,
    having: sql`true`,
    orderBy: sql`task_id`,
    offset: 0,
    limit: 1,
  })
  return rows[0]
}

/** The parts of a review task every view shares. */
export function taskBase(
  row: TaskRow,
): Pick<
  ReviewTask,
  'id' | 'description' | 'encrypt_audio' | 'task_type' | 'languages' | 'protocol'
> {
  return {
    id: row.id,
    description: row.description,
    encrypt_audio: row.encrypt_audio,
    task_type: row.task_type,
    languages: { base: row.base_language, target: row.target_language },
    protocol: {
      id: row.protocol.id,
      name: row.protocol.name,
      version: row.protocol.version,
      created_timestamp: isoOrNull(row.protocol.created_at) ?? '',
    },
  }
}

/** Task filters shared by the reviewer's and the worker's task lists, on `t` and `tt`. */
export type TaskFilters = {
  client_group?: number
  task_type?: number
  protocol?: number
  base_language?: number
  target_language?: number
}

export function taskFilterConditions(filters: TaskFilters): (SQL | undefined)[] {
  return [
    filters.client_group ? sql`tt.client_group_id = ${filters.client_group}` : undefined,
    filters.task_type ? sql`t.task_type_id = ${filters.task_type}` : undefined,
    filters.protocol ? sql`t.protocol_id = ${filters.protocol}` : undefined,
    filters.base_language ? sql`t.base_language_id = ${filters.base_language}` : undefined,
    filters.target_language ? sql`t.target_language_id = ${filters.target_language}` : undefined,
  ]
}

/** Filter choices over the tasks that hold the review items `items` selects. */
export async function taskChoices(db: Db, items: SQL) {
  const tasksOf = sql`select distinct ri.task_id from review_items ri
    join tasks t on t.id = ri.task_id join task_types tt on tt.id = t.task_type_id where ${items}`
  const [row] = await selectRows<{
    client_groups: { id: number; name: string; full_name: string }[] | null
    task_types: { id: number; name: string }[] | null
    protocols: { id: number; name: string; version: number }[] | null
    languages: { id: number; code: string; name: string }[] | null
    tasks: { id: number; description: string }[] | null
  }>(
    db,
    sql`with chosen as (select t.*, tt.client_group_id from tasks t
        join task_types tt on tt.id = t.task_type_id where t.id in (${tasksOf}))
      select
        (select json_agg(json_build_object('id', g.id, 'name', g.name, 'full_name', g.full_name)
          order by g.name) from client_groups g
          where g.id in (select client_group_id from chosen)) as client_groups,
        (select json_agg(json_build_object('id', tt.id, 'name', tt.name) order by tt.name)
          from task_types tt where tt.id in (select task_type_id from chosen)) as task_types,
        (select json_agg(json_build_object('id', p.id, 'name', p.name, 'version', p.version)
          order by p.name, p.version) from task_protocols p
          where p.id in (select protocol_id from chosen)) as protocols,
        (select json_agg(json_build_object('id', l.id, 'code', l.code, 'name', l.name)
          order by l.name) from languages l
          where l.id in (select base_language_id from chosen)
            or l.id in (select target_language_id from chosen)) as languages,
        (select json_agg(json_build_object('id', c.id, 'description', c.description)
          order by c.id) from chosen c) as tasks`,
  )
  return {
    client_groups: row?.client_groups ?? [],
    task_types: row?.task_types ?? [],
    protocols: row?.protocols ?? [],
    languages: row?.languages ?? [],
    tasks: row?.tasks ?? [],
  }
}
