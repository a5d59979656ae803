import { sql } from 'drizzle-orm'
import type { ClientStats, TaskStats } from '../../../../contract/client-tasks'
import type { Db } from '../../../db/client'
import { isoOrNull } from '../../../db/raw-rows'
import type { SessionUser } from '../../../http/augment'
import { clientScopeOf } from '../../client-groups/scope'
import { countersByTask } from '../counters'
import { scopedTaskIds, taskConditions } from '../tasks/task-queries'
import { taskInScope } from '../tasks/task-service'
import {
  annotationCount,
  annotationsPerDay,
  availableEndworkers,
  summedCounters,
  workerStats,
} from './stats-queries'

export async function taskStats(db: Db, user: SessionUser, id: number): Promise<TaskStats> {
  await taskInScope(db, await clientScopeOf(db, user), id)
  const [counters, totalAnnotations, workers, available, perDay] = await Promise.all([
    countersByTask(db, [id]),
    annotationCount(db, id),
    workerStats(db, id),
    availableEndworkers(db, id),
    annotationsPerDay(db, id),
  ])
  const counter = counters.get(id)
  return {
    total_items: counter?.items_total ?? 0,
    done_items: counter?.items_done ?? 0,
    total_annotations: totalAnnotations,
    endworkers_involved: workers.filter((worker) => worker.last_annotation !== null).length,
    endworker_stats: workers.map((worker) => ({
      ...worker,
      worktime: Math.round(worker.worktime),
      last_annotation: isoOrNull(worker.last_annotation),
    })),
    available_endworkers: available,
    annotations_histogram: perDay.map((day) => ({
      timestamp: isoOrNull(day.day)!,
      annotations_count: day.count,
    })),
  }
}

/** The Overview's totals over every task the client sees, or one client group's. */
export async function clientStats(
  db: Db,
  user: SessionUser,
  clientGroup: number | undefined,
): Promise<ClientStats> {
  const where = taskConditions(await clientScopeOf(db, user), {
    client_group: clientGroup,
    metadata: {},
  })
  const row = await summedCounters(db, sql`(${scopedTaskIds(db, where)})`)
  return {
    annotations_done: row?.annotations_done ?? 0,
    items_done: row?.items_done ?? 0,
    items_total: row?.items_total ?? 0,
    last_modified: isoOrNull(row?.last_modified),
  }
}
