import { randomUUID } from 'node:crypto'
import type { ClaimedSet } from '../worker-tasks/test-fixtures'

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
