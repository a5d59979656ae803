import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser } from '../../test/session-client'
import { seedTask, seedWorkspace } from '../client-tasks/test-fixtures'
import { goldStats } from './gold-stats-queries'
import { wilsonInterval } from './statistics'
import { makeGold } from './test-fixtures'

const minute = (n: number) => new Date(Date.UTC(2030, 0, 1, 12, n))

describe('gold stats per worker and task type', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('measures accuracy over the latest gold_window scored done gold annotations', async () => {
    const ann = await createUser(t.db, { username: 'gold-ann', roles: ['endworker'] })
    const bob = await createUser(t.db, { username: 'gold-bob', roles: ['endworker'] })
    const type = await seedWorkspace(t.db, [], { goldWindow: 3 })
    const other = await seedWorkspace(t.db, [], { goldWindow: 3 })
    const done = (userId: number, goldCorrect: boolean, at: number) => ({
      userId,
      isDone: true,
      goldCorrect,
      goldScore: goldCorrect ? 1 : 0,
      lockedAt: minute(at),
    })
    // Ann: oldest wrong (outside the window of 3), then right, wrong, right; plus one not done
    // and one done but not scored, which do not count. Bob: one wrong.
    const first = await seedTask(t.db, type, {
      items: [
        { annotations: [done(ann.id, false, 1), done(bob.id, false, 9)] },
        { annotations: [done(ann.id, true, 2)] },
        { annotations: [{ userId: ann.id, isDone: false, goldCorrect: null }] },
        { annotations: [{ userId: ann.id, isDone: true, lockedAt: minute(8) }] },
      ],
    })
    const second = await seedTask(t.db, type, {
      items: [{ annotations: [done(ann.id, false, 3)] }, { annotations: [done(ann.id, true, 4)] }],
    })
    // A non-gold item with a score (never set by the server) and another type's gold: ignored.
    await seedTask(t.db, type, { items: [{ annotations: [done(ann.id, true, 5)] }] })
    const elsewhere = await seedTask(t.db, other, {
      items: [{ annotations: [done(ann.id, true, 6)] }],
    })
    await makeGold(t.db, [...first.itemIds, ...second.itemIds, ...elsewhere.itemIds])

    const stats = await goldStats(t.db, { taskTypeId: type.taskTypeId })
    const byUser = new Map(stats.map((row) => [row.userId, row]))
    expect(byUser.get(ann.id)).toEqual({
      userId: ann.id,
      taskTypeId: type.taskTypeId,
      answers: 4,
      accuracy: 2 / 3,
      ci95: wilsonInterval(2, 3),
    })
    expect(byUser.get(bob.id)).toMatchObject({ answers: 1, accuracy: 0 })

    const annOnly = await goldStats(t.db, { userIds: [ann.id] })
    expect(annOnly.map((row) => [row.taskTypeId, row.answers]).sort()).toEqual(
      [
        [type.taskTypeId, 4],
        [other.taskTypeId, 1],
      ].sort(),
    )
    expect(await goldStats(t.db, { userIds: [] })).toEqual([])
  })
})
