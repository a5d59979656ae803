import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { goldAnswers, items } from '../../db/schema'
import {
  addWorker,
  type ClaimedSet,
  claimPath,
  type ScenarioOptions,
  seedScenario,
} from '../worker-tasks/test-fixtures'

/** A real activity sample of the set's task screen, spanning [startMs, endMs] on the device's clock. */
export const taskSample = (claimed: ClaimedSet, startMs: number, endMs: number) => ({
  mouse_moves: 12,
  mouse_clicks: 3,
  key_clicks: 40,
  url: `/tasks/${claimed.scenario.task.id}/${claimed.setId}`,
  source: 'TASK',
  item_set: claimed.setId,
  task: claimed.scenario.task.id,
  client_uuid: randomUUID(),
  started_at: new Date(startMs).toISOString(),
  ended_at: new Date(endMs).toISOString(),
})

/** The worker's device sends `samples` in one batch, stamped `sentAtMs` on its clock. */
export async function sendSamples(claimed: ClaimedSet, samples: object[], sentAtMs = Date.now()) {
  const response = await claimed.worker.post('timelogs/submit-activity/batch/', {
    samples,
    sent_at: new Date(sentAtMs).toISOString(),
  })
  if (response.statusCode !== 201) {
    throw new Error(`the samples answered ${response.statusCode}: ${response.body}`)
  }
}

/** The tracker's send of the last `ms` of work on the set: activity that vouches for a done mark after it. */
export const sendRecentActivity = (claimed: ClaimedSet, ms = 30_000) =>
  sendSamples(claimed, [taskSample(claimed, Date.now() - ms, Date.now())])

/**
 * Makes items gold the way an upload or "Use as gold" leaves them: items.is_gold set and the
 * expected answer (by annotation field name) in gold_answers.
 */
export async function makeGold(
  db: Db,
  itemIds: readonly number[],
  expected: Record<string, unknown> = { transcript: 'gold' },
): Promise<void> {
  if (itemIds.length === 0) return
  await db.transaction(async (tx) => {
    await tx
      .update(items)
      .set({ isGold: true })
      .where(inArray(items.id, [...itemIds]))
    await tx.insert(goldAnswers).values(itemIds.map((itemId) => ({ itemId, expected })))
  })
}

export type GoldSet = ClaimedSet & { goldIds: number[]; ordinaryIds: number[] }

/**
 * A dynamic task of `ordinary` ordinary items followed by `gold` gold items (expected answer
 * `expected`), whose type mixes gold into sets (half of each set by default), and a worker's
 * set claimed through the API: its item ids split into gold and ordinary ones.
 */
export async function seedGoldSet(
  app: FastifyInstance,
  {
    ordinary = 2,
    gold = 1,
    expected,
    type,
  }: {
    ordinary?: number
    gold?: number
    expected?: Record<string, unknown>
    type?: ScenarioOptions['type']
  } = {},
): Promise<GoldSet> {
  const scenario = await seedScenario(app.db, {
    items: ordinary + gold,
    type: { itemsPerSet: 2, goldShare: 50, ...type },
  })
  const goldIds = scenario.itemIds.slice(ordinary)
  await makeGold(app.db, goldIds, expected)
  const worker = await addWorker(app, scenario)
  const response = await worker.post(claimPath(scenario.task.id))
  if (response.statusCode !== 201) {
    throw new Error(`the claim answered ${response.statusCode}: ${response.body}`)
  }
  const itemIds = (response.json() as { id: number; items: { id: number }[] }).items.map(
    (item) => item.id,
  )
  return {
    scenario,
    worker,
    setId: response.json().id,
    itemIds,
    goldIds: itemIds.filter((id) => goldIds.includes(id)),
    ordinaryIds: itemIds.filter((id) => !goldIds.includes(id)),
  }
}
