import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import type { AgreementVariable } from './agreement-variables'
import type { CoincidenceCell } from './statistics'

export type VariableSummary = {
  variable: string
  /** Items with at least two values: the pairable units. */
  items: number
  /** Values in those items: the pairable values. */
  values: number
  pairs: number
  agreeing_pairs: number
}
export type WorkerAgreement = { user_id: number; pairs: number; agreeing_pairs: number }

export type AgreementAggregates = {
  cells: (CoincidenceCell<string> & { variable: string })[]
  summaries: VariableSummary[]
  workers: WorkerAgreement[]
}

/**
 * Agreement over the done annotations of a task's non-gold items, aggregated in one statement:
 * each annotation's value of each variable is read once, counted per item and value, and from
 * those counts come the coincidence matrix of each variable (Krippendorff: within an item of m
 * values, the n_c·n_k ordered pairs of values c and k, or n_c·(n_c − 1) when c = k, each
 * weighing 1/(m − 1)), its pairs and agreeing pairs, and per worker the pairs they are part of.
 */
export async function agreementAggregates(
  db: Db,
  taskId: number,
  variables: readonly AgreementVariable[],
): Promise<AgreementAggregates> {
  if (variables.length === 0) return { cells: [], summaries: [], workers: [] }
  const rows = sql.join(
    variables.map((variable) => sql`(${variable.name}::text, ${variable.value})`),
    sql`, `,
  )
  const [row] = await selectRows<AgreementAggregates>(
    db,
    sql`with vals as materialized (
          select a.item_id, a.user_id, v.variable, v.value
          from annotations a
          join items i on i.id = a.item_id
          cross join lateral (values ${rows}) as v(variable, value)
          where i.task_id = ${taskId} and not i.is_gold and a.is_done and v.value is not null
        ), cells as materialized (
          select variable, item_id, value, count(*)::int as n
          from vals group by variable, item_id, value
        ), units as materialized (
          select variable, item_id, sum(n)::int as m, sum(n * (n - 1) / 2)::int as agreeing
          from cells group by variable, item_id having sum(n) >= 2
        )
        select
          (select coalesce(json_agg(x), '[]'::json) from (
            select c.variable, c.value as c, k.value as k,
              sum((case when c.value = k.value then c.n * (c.n - 1) else c.n * k.n end)::float8
                / (u.m - 1)) as count
            from units u
            join cells c on c.variable = u.variable and c.item_id = u.item_id
            join cells k on k.variable = u.variable and k.item_id = u.item_id
            where c.value <> k.value or c.n > 1
            group by c.variable, c.value, k.value
          ) x) as cells,
          (select coalesce(json_agg(y), '[]'::json) from (
            select variable, count(*)::int as items, sum(m)::int as values,
              sum(m * (m - 1) / 2)::int as pairs, sum(agreeing)::int as agreeing_pairs
            from units group by variable
          ) y) as summaries,
          (select coalesce(json_agg(z), '[]'::json) from (
            select v.user_id, sum(u.m - 1)::int as pairs, sum(c.n - 1)::int as agreeing_pairs
            from vals v
            join units u on u.variable = v.variable and u.item_id = v.item_id
            join cells c on c.variable = v.variable and c.item_id = v.item_id and c.value = v.value
            group by v.user_id
          ) z) as workers`,
  )
  return row!
}
