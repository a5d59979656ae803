import { msg } from '#lingui-message'
import type {
  IntervalOptions,
  ManualIntervalInput,
  TimeLogInterval,
} from '../../../contract/timelogs'
import { CLOCK_OFFSET_TOLERANCE_SECONDS, TIMELOG_STATUS } from '../../../contract/worktime-rules'
import type { Db } from '../../db/client'
import { badRequest, fieldError, notFound } from '../../http/errors'
import { findInterval } from './interval-queries'
import { intervalView } from './interval-service'
import {
  findTimelogType,
  insertManualInterval,
  listTimelogTypes,
  loggableContext,
  ownsContext,
} from './manual-interval-queries'

/** How many of the caller's item sets the options offer. */
const OPTIONS_ITEM_SET_LIMIT = 200

export async function intervalOptions(db: Db, userId: number): Promise<IntervalOptions> {
  const [types, sets] = await Promise.all([
    listTimelogTypes(db),
    loggableContext(db, userId, OPTIONS_ITEM_SET_LIMIT),
  ])
  const tasks = new Map<number, string>()
  const protocols = new Map<number, string>()
  for (const set of sets) {
    tasks.set(set.taskId, set.description)
    protocols.set(set.protocolId, set.protocolName)
  }
  const refs = (map: Map<number, string>) => [...map].map(([id, name]) => ({ id, name }))
  return {
    timelog_types: types,
    item_sets: sets.map((set) => ({
      id: set.id,
      name: `${set.description} #${set.position + 1}`,
      task: set.taskId,
    })),
    tasks: refs(tasks),
    protocols: refs(protocols),
  }
}

/** A manual interval: the caller's own, against a type and what they worked on; PENDING. */
export async function createManualInterval(
  db: Db,
  userId: number,
  input: ManualIntervalInput,
): Promise<TimeLogInterval> {
  const start = new Date(input.start)
  const end = new Date(input.end)
  if (end.getTime() > Date.now() + CLOCK_OFFSET_TOLERANCE_SECONDS * 1000) {
    throw fieldError('end', msg`must not be in the future`)
  }
  const type = await findTimelogType(db, input.timelog_type)
  if (type === undefined) throw fieldError('timelog_type', msg`No such time-log type.`)
  const refs = { itemSetId: input.item_set, taskId: input.task, protocolId: input.protocol }
  const foreign = await ownsContext(db, userId, refs)
  if (foreign.length > 0) {
    throw badRequest(
      msg`Log time only against item sets, tasks and protocols you worked on.`,
      Object.fromEntries(foreign.map((field) => [field, [msg`You have not worked on it.`]])),
    )
  }
  const [created] = await insertManualInterval(db, {
    userId,
    sourceType: input.task === null && input.item_set === null ? 'OTHER' : 'TASK',
    ...refs,
    startAt: start,
    endAt: end,
    status: TIMELOG_STATUS.PENDING,
    comment: input.comment,
    timelogTypeId: type.id,
  })
  const row = created === undefined ? undefined : await findInterval(db, created.id)
  if (row === undefined) throw notFound()
  return intervalView(row)
}
