import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FinanceExport } from '../../../contract/finance'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { timeLogIntervals } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { createUser, signIn } from '../../test/session-client'

describe('finance export through the job queue', () => {
  let t: MediaTestApp

  beforeAll(async () => {
    t = await createTestAppWithMedia('finance-queue', {}, { jobs: true })
  })
  afterAll(() => t.close())

  it('answers PROCESSING at once, then the worker computes the figures and the file', async () => {
    const manager = await signIn(t, { roles: ['finance_manager'] })
    const worker = await createUser(t.db, { roles: ['endworker'] })
    await t.db.insert(timeLogIntervals).values({
      userId: worker.id,
      sourceType: 'TASK',
      startAt: new Date('2026-03-02T09:00:00Z'),
      endAt: new Date('2026-03-02T10:00:00Z'),
      status: TIMELOG_STATUS.AUTOMATIC,
    })
    const created = await manager.post('finance/exports/', {
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      time_zone: 'UTC',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ status: 'PROCESSING', progress: 0 })

    let current: FinanceExport = created.json()
    const deadline = Date.now() + 30_000
    while (current.status === 'PROCESSING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      current = (await manager.get(`finance/exports/${current.id}/`)).json()
    }
    expect(current).toMatchObject({ status: 'FINISHED', progress: 100, users_count: 1 })
    expect(current.totals.work_seconds).toBe(3600)
    const file = await manager.get(`finance/exports/${current.id}/download/`)
    expect(file.body).toContain(`day,${worker.id},${worker.username},2026-03-02,3600,0,3600,,0`)
  })
})
