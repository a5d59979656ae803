import { type SQL, sql } from 'drizzle-orm'
import type {
  ReviewErrorType,
  ReviewedItem,
  ReviewItem,
  ReviewItemStatus,
  ReviewMark,
} from '../../../contract/review'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import { isoOrNull, selectRows } from '../../db/raw-rows'
import { lockExpiration } from './lock-state'

/** A review item `ri` with its task, protocol, languages and reviewer. */
type ItemRow = {
  id: number
  item_id: number
  annotation_id: number
  status: ReviewItemStatus
  generated_at: Date | string
  user_id: number
  locked_at: Date | string | null
  is_bonus: boolean
  task_id: number
  task_description: string
  task_encrypt_audio: boolean
  protocol: { id: number; name: string; version: number; created_at: string }
  base_language: { id: number; code: string; name: string }
  target_language: { id: number; code: string; name: string }
  reviewer: {
    id: number
    username: string
    first_name: string
    last_name: string
    email: string
  } | null
}

/** Besides, the grade and what a review card shows. */
type FullRow = ItemRow & {
  mark: ReviewMark
  error_types: ReviewErrorType[]
  comment: string
  reviewed_at: Date | string | null
  lock_expiration: Date | string | null
  annotation_locked_at: Date | string | null
  item_data: Record<string, unknown>
  annotation_data: Record<string, unknown>
  document: TaskSchemaDocument
}

const languageJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name)`)

const itemColumns = sql`ri.id, ri.item_id, ri.annotation_id, ri.status, ri.generated_at,
  ri.user_id, ri.locked_at, ri.is_bonus, t.id as task_id, t.description as task_description,
  t.encrypt_audio as task_encrypt_audio,
  json_build_object('id', p.id, 'name', p.name, 'version', p.version,
    'created_at', p.created_at) as protocol,
  ${languageJson('bl')} as base_language, ${languageJson('tl')} as target_language,
  case when rv.id is not null then json_build_object('id', rv.id, 'username', rv.username,
    'first_name', rv.first_name, 'last_name', rv.last_name, 'email', rv.email) end as reviewer`

const fullColumns = sql`${itemColumns}, ri.mark, ri.error_types, ri.comment, ri.reviewed_at,
  ${lockExpiration} as lock_expiration, a.locked_at as annotation_locked_at,
  i.data as item_data, a.data as annotation_data, ts.schema as document`

const itemJoinsFrom = (reviewItems: SQL) => sql`from ${reviewItems}
  join tasks t on t.id = ri.task_id
  join task_protocols p on p.id = t.protocol_id
  join languages bl on bl.id = t.base_language_id
  join languages tl on tl.id = t.target_language_id
  left join users rv on rv.id = ri.reviewer_id`

const itemJoins = itemJoinsFrom(sql`review_items ri`)
/** The page's review items (pageIds as `page`), for the list statements. */
const pageJoins = itemJoinsFrom(sql`page join review_items ri on ri.id = page.id`)

const fullJoinsOf = (joins: SQL) => sql`${joins}
  join items i on i.id = ri.item_id
  join annotations a on a.id = ri.annotation_id
  join task_schemas ts on ts.id = t.schema_id`
const fullJoins = fullJoinsOf(itemJoins)

export type ListWindow = { where: SQL; orderBy: SQL; offset: number; limit: number }

/**
 * The ids of the page, chosen before anything is joined for display: conditions and the order
 * name only the review item `ri` and its task `t`.
 */
const pageIds = (window: ListWindow) =>
  sql`select ri.id from review_items ri join tasks t on t.id = ri.task_id
    where ${window.where} order by ${window.orderBy} offset ${window.offset} limit ${window.limit}`

function itemView(row: ItemRow): ReviewItem {
  return {
    id: row.id,
    item_id: row.item_id,
    annotation_id: row.annotation_id,
    status: row.status,
    generated_timestamp: isoOrNull(row.generated_at) ?? '',
    protocol: {
      id: row.protocol.id,
      name: row.protocol.name,
      version: row.protocol.version,
      created_timestamp: isoOrNull(row.protocol.created_at) ?? '',
    },
    user_id: row.user_id,
    task: {
      id: row.task_id,
      description: row.task_description,
      encrypt_audio: row.task_encrypt_audio,
    },
    languages: { base: row.base_language, target: row.target_language },
    locked_timestamp: isoOrNull(row.locked_at),
    is_bonus: row.is_bonus,
    reviewer: row.reviewer,
  }
}

function fullView(row: FullRow): ReviewedItem {
  return {
    ...itemView(row),
    mark: row.mark,
    error_types: row.error_types,
    comment: row.comment,
    reviewed_timestamp: isoOrNull(row.reviewed_at),
    lock_expiration_timestamp: isoOrNull(row.lock_expiration),
    annotation_timestamp: isoOrNull(row.annotation_locked_at),
    item_data: row.item_data,
    annotation_data: row.annotation_data,
    schema: row.document,
  }
}

export async function countItems(db: Db, where: SQL): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from review_items ri join tasks t on t.id = ri.task_id
      where ${where}`,
  )
  return row?.count ?? 0
}

/** A page of review items as the pool lists them, with the count of all that match. */
export async function listReviewItems(db: Db, window: ListWindow) {
  const rows = await selectRows<ItemRow>(
    db,
    sql`with page as materialized (${pageIds(window)})
      select ${itemColumns} ${pageJoins} order by ${window.orderBy}`,
  )
  return { count: await countItems(db, window.where), results: rows.map(itemView) }
}

/** A page of review items with what their cards show, with the count of all that match. */
export async function listFullItems(db: Db, window: ListWindow) {
  const rows = await selectRows<FullRow>(
    db,
    sql`with page as materialized (${pageIds(window)})
      select ${fullColumns} ${fullJoinsOf(pageJoins)} order by ${window.orderBy}`,
  )
  return { count: await countItems(db, window.where), results: rows.map(fullView) }
}

/** One review item with what its card shows, when `where` holds for it. */
export async function findFullItem(db: Db, id: number, where: SQL) {
  const [row] = await selectRows<FullRow>(
    db,
    sql`select ${fullColumns} ${fullJoins} where ri.id = ${id} and ${where}`,
  )
  return row && fullView(row)
}
