import { eq } from 'drizzle-orm'
import type { TaskQuality } from '../../../contract/quality'
import type { Db } from '../../db/client'
import { taskSchemas } from '../../db/schema'
import type { SessionUser } from '../../http/augment'
import { clientScopeOf } from '../client-groups/scope'
import { taskInScope } from '../client-tasks/tasks/task-service'
import { agreementAggregates } from './agreement-queries'
import { agreementVariables } from './agreement-variables'
import { goldStats } from './gold-stats-queries'
import { goldTotals, taskWorkers } from './task-quality-queries'

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)

/**
 * The quality answer of a task for its client: agreement per field over done annotations of
 * non-gold items, gold accuracy (of the task type), agreement and flagged work per worker, and
 * the task's gold totals.
 */
export async function taskQuality(db: Db, user: SessionUser, id: number): Promise<TaskQuality> {
  const task = await taskInScope(db, await clientScopeOf(db, user), id)
  const [schemaRow] = await db
    .select({ schema: taskSchemas.schema })
    .from(taskSchemas)
    .where(eq(taskSchemas.id, task.schemaId))
  const variables = schemaRow ? agreementVariables(schemaRow.schema) : []
  const [aggregates, workers, gold] = await Promise.all([
    agreementAggregates(db, id, variables),
    taskWorkers(db, id),
    goldTotals(db, id),
  ])
  const gradedWorkers = await goldStats(db, {
    taskTypeId: task.taskTypeId,
    userIds: workers.map((worker) => worker.id),
  })

  const fields: TaskQuality['fields'] = {}
  for (const [index, variable] of variables.entries()) {
    const agreement = aggregates.variables[index]!
    fields[variable.name] = {
      alpha: agreement.alpha,
      percent_agreement: share(agreement.agreeingPairs, agreement.pairs),
      items: agreement.items,
      values: agreement.values,
    }
  }

  const agreementOf = new Map(aggregates.workers.map((worker) => [worker.user_id, worker]))
  const goldOf = new Map(gradedWorkers.map((stats) => [stats.userId, stats]))
  return {
    fields,
    workers: workers.map((worker) => {
      const agreement = agreementOf.get(worker.id)
      const stats = goldOf.get(worker.id)
      return {
        id: worker.id,
        username: worker.username,
        gold_answers: stats?.answers ?? 0,
        gold_accuracy: stats?.accuracy ?? null,
        gold_ci95: stats?.ci95 ?? null,
        agreement: share(agreement?.agreeing_pairs ?? 0, agreement?.pairs ?? 0),
        flagged_items: worker.flagged_items,
      }
    }),
    gold,
  }
}
