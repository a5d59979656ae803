import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { selectRows } from '../../db/raw-rows'
import type { AgreementVariable } from './agreement-variables'
import { intervalAlpha, nominalAlpha } from './statistics'

export type VariableAgreement = {
  alpha: number | null
  /** Pairs of values given to one item, and how many of them agree (equal values). */
  pairs: number
  agreeingPairs: number
  /** Items with at least two values (the pairable units) and their values. */
  items: number
  values: number
}
export type WorkerAgreement = { user_id: number; pairs: number; agreeing_pairs: number }

type Totals = Record<string, number | number[]>

const AGREEMENT_WORK_MEM = '64MB'

const column = (prefix: string, index: number, suffix = '') =>
  sql.raw(`${prefix}${index}${suffix ? `_${suffix}` : ''}`)

/**
 * Agreement over the done annotations of a task's non-gold items in one statement, without
 * materializing the coincidence matrix cell by cell: each annotation is read once (a column per
 * variable), grouped by item into per-category counts (nominal) or count, sum and sum of squares
 * (interval), and those per-item figures are summed into the statistics Krippendorff's α is made
 * of (statistics.ts: nominalAlpha, intervalAlpha), the pairs and agreeing pairs, and, per worker,
 * the pairs they are part of and how many of those agree. Exact equality of numbers is counted
 * by grouping on the value, for number fields only.
 */
export async function agreementAggregates(
  db: Db,
  taskId: number,
  variables: readonly AgreementVariable[],
): Promise<{ variables: VariableAgreement[]; workers: WorkerAgreement[] }> {
  if (variables.length === 0) return { variables: [], workers: [] }
  const [row] = await db.transaction(async (tx) => {
    // The per-item figures of a large task (100,000 items) would spill to disk at the default.
    await tx.execute(sql.raw(`set local work_mem = '${AGREEMENT_WORK_MEM}'`))
    return selectRows<{ totals: Totals; workers: WorkerAgreement[] | null }>(
      tx,
      agreementSql(taskId, variables),
    )
  })
  const totals = row!.totals
  const figure = (name: string) => Number(totals[name] ?? 0)
  return {
    variables: variables.map((variable, j) => {
      const values = figure(`values${j}`)
      const alpha =
        variable.metric === 'nominal'
          ? nominalAlpha((totals[`margins${j}`] as number[]).map(Number), figure(`diagonal${j}`))
          : intervalAlpha({
              values,
              observed: figure(`observed${j}`),
              sum: figure(`sum${j}`),
              sumOfSquares: figure(`squares${j}`),
            })
      return {
        alpha,
        pairs: figure(`pairs${j}`),
        agreeingPairs: figure(`agreeing${j}`),
        items: figure(`items${j}`),
        values,
      }
    }),
    workers: row!.workers ?? [],
  }
}

function agreementSql(taskId: number, variables: readonly AgreementVariable[]): SQL {
  const list = (parts: SQL[]) => sql.join(parts, sql`, `)
  const numbers = variables.flatMap((variable, j) => (variable.metric === 'interval' ? [j] : []))

  const unitColumns = variables.flatMap((variable, j) => {
    const v = column('v', j)
    if (variable.metric === 'interval') {
      return [
        sql`count(${v})::int as ${column('m', j)}`,
        sql`sum(${v}) as ${column('s', j)}`,
        sql`sum(${v} * ${v}) as ${column('q', j)}`,
      ]
    }
    return variable.categories.map(
      (category, k) =>
        sql`count(*) filter (where ${v} = ${category})::int as ${column('n', j, String(k))}`,
    )
  })
  // Per item: m (its values) and same (its ordered pairs of equal values).
  const statColumns = variables.flatMap((variable, j) => {
    if (variable.metric === 'interval')
      return [sql`coalesce(${column('e', j)}.same, 0) as ${column('same', j)}`]
    const counts = variable.categories.map((_, k) => sql`u.${column('n', j, String(k))}`)
    return [
      sql`(${sql.join(counts, sql` + `)}) as ${column('m', j)}`,
      sql`(${sql.join(
        counts.map((n) => sql`${n} * (${n} - 1)`),
        sql` + `,
      )}) as ${column('same', j)}`,
    ]
  })
  const equalJoins = numbers.map(
    (j) =>
      sql`left join (select item_id, sum(n * (n - 1))::int as same from ${column('numcells', j)} group by item_id) ${column('e', j)} on ${column('e', j)}.item_id = u.item_id`,
  )
  const totalColumns = variables.flatMap((variable, j) => {
    const m = column('m', j)
    const pairable = sql`filter (where ${m} >= 2)`
    const common = [
      sql`count(*) ${pairable} as ${column('items', j)}`,
      sql`coalesce(sum(${m}) ${pairable}, 0) as ${column('values', j)}`,
      sql`coalesce(sum(${m} * (${m} - 1) / 2) ${pairable}, 0) as ${column('pairs', j)}`,
      sql`coalesce(sum(${column('same', j)} / 2) ${pairable}, 0) as ${column('agreeing', j)}`,
    ]
    if (variable.metric === 'interval') {
      const s = column('s', j)
      const q = column('q', j)
      return [
        ...common,
        sql`coalesce(sum(2 * greatest(0, ${m} * ${q} - ${s} * ${s}) / (${m} - 1)) ${pairable}, 0) as ${column('observed', j)}`,
        sql`coalesce(sum(${s}) ${pairable}, 0) as ${column('sum', j)}`,
        sql`coalesce(sum(${q}) ${pairable}, 0) as ${column('squares', j)}`,
      ]
    }
    const margins = variable.categories.map(
      (_, k) => sql`coalesce(sum(${column('n', j, String(k))}) ${pairable}, 0)`,
    )
    return [
      ...common,
      sql`coalesce(sum(${column('same', j)}::float8 / (${m} - 1)) ${pairable}, 0) as ${column('diagonal', j)}`,
      sql`array[${list(margins)}] as ${column('margins', j)}`,
    ]
  })
  // A worker's value on an item: how many of the item's values equal it (theirs included).
  const workerJoins = numbers.map(
    (j) =>
      sql`left join ${column('numcells', j)} ${column('c', j)} on ${column('c', j)}.item_id = v.item_id and ${column('c', j)}.v = v.${column('v', j)}`,
  )
  const sameAsMine = variables.map((variable, j) => {
    if (variable.metric === 'interval') return sql`${column('c', j)}.n`
    const cases = variable.categories.map(
      (category, k) => sql`when ${category} then s.${column('n', j, String(k))}`,
    )
    return sql`(case v.${column('v', j)} ${sql.join(cases, sql` `)} end)`
  })
  const workerSum = (term: (same: SQL, m: SQL) => SQL) =>
    sql.join(
      sameAsMine.map(
        (same, j) =>
          sql`(case when s.${column('m', j)} >= 2 and ${same} is not null then ${term(same, sql`s.${column('m', j)}`)} else 0 end)`,
      ),
      sql` + `,
    )

  // Each field's source is computed once per annotation, then each variable reads it.
  const fields = [...new Map(variables.map((variable) => [variable.field, variable.source]))]
  const sourceOf = new Map(fields.map(([name], f) => [name, sql`f.${column('f', f)}`]))
  return sql`with vals as materialized (
        select f.item_id, f.user_id, ${list(
          variables.map(
            (variable, j) =>
              sql`${variable.value(sourceOf.get(variable.field)!)} as ${column('v', j)}`,
          ),
        )}
        from (
          select a.item_id, a.user_id, ${list(fields.map(([, source], f) => sql`${source} as ${column('f', f)}`))}
          from annotations a
          join items i on i.id = a.item_id
          where i.task_id = ${taskId} and not i.is_gold and a.is_done
          -- Keeps the planner from inlining the sources into every variable that reads them.
          offset 0
        ) f
      ), units as (
        select item_id, ${list(unitColumns)} from vals group by item_id
      )${sql.join(
        numbers.map(
          (j) =>
            sql`, ${column('numcells', j)} as materialized (
              select item_id, ${column('v', j)} as v, count(*)::int as n
              from vals where ${column('v', j)} is not null group by item_id, ${column('v', j)})`,
        ),
        sql``,
      )}, stats as materialized (
        select u.*, ${list(statColumns)} from units u ${sql.join(equalJoins, sql` `)}
      )
      select
        (select row_to_json(t) from (select ${list(totalColumns)} from stats) t) as totals,
        (select json_agg(w) from (
          select v.user_id, sum(${workerSum((_, m) => sql`${m} - 1`)})::int as pairs,
            sum(${workerSum((same) => sql`${same} - 1`)})::int as agreeing_pairs
          from vals v join stats s on s.item_id = v.item_id ${sql.join(workerJoins, sql` `)}
          group by v.user_id
        ) w) as workers`
}
