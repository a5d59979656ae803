import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientGroupMembers } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'
import { seedGoldSet } from '../quality/test-fixtures'
import { annotationBody, annotationPath } from '../worker-tasks/test-fixtures'
import { startReceiver, verifiedByReceiver } from './test-support'

describe('quality events', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true }, { jobs: true })
  })
  afterAll(() => t.close())

  it("tells the task type's client group when the quality gate stops a worker", async () => {
    const receiver = await startReceiver()
    try {
      // The gate asks 75 % over at least two gold answers; gold makes half of each set of four.
      const set = await seedGoldSet(t.app, {
        ordinary: 6,
        gold: 4,
        expected: { transcript: 'hello world' },
        type: { itemsPerSet: 4, goldShare: 50, minGoldAccuracy: 0.75, minGoldAnswers: 2 },
      })
      const { clientGroupId, taskType } = set.scenario
      const client = await signIn(t, { roles: ['client'] })
      await t.db
        .insert(clientGroupMembers)
        .values({ groupId: clientGroupId, userId: client.user.id })
      const created = await client.post('client/webhooks/', {
        client_group: clientGroupId,
        url: receiver.url,
        events: ['quality.worker_stopped'],
      })
      expect(created.statusCode, created.body).toBe(201)

      for (const [index, transcript] of ['something else', 'hello world'].entries()) {
        const saved = await set.worker.put(
          annotationPath(set.setId, set.goldIds[index]!),
          annotationBody({ transcript }, { isDone: true, at: new Date(Date.now() + index) }),
        )
        expect(saved.statusCode).toBe(200)
      }

      const deadline = Date.now() + 20_000
      while (receiver.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(receiver.received).toHaveLength(1)
      const [delivery] = receiver.received
      expect(verifiedByReceiver(created.json().secret, delivery!)).toBe(true)
      const api = `${t.app.config.publicOrigins[0]}/api/client/task-types/${taskType.id}/`
      expect(JSON.parse(delivery!.body)).toEqual({
        type: 'quality.worker_stopped',
        timestamp: expect.any(String),
        data: {
          quality_stop_id: expect.any(Number),
          user_id: set.worker.user.id,
          task_type_id: taskType.id,
          client_group_id: clientGroupId,
          accuracy: 0.5,
          gold_answers: 2,
          links: { task_type: api, endworker_stats: `${api}endworker-stats/` },
        },
      })
    } finally {
      await receiver.close()
    }
  })
})
