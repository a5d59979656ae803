import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorktimeExport } from '../../../contract/timelogs'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { timeLogIntervals } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { createUser, signIn } from '../../test/session-client'

describe('work-time export through the job queue', () => {
  let t: MediaTestApp

  beforeAll(async () => {
    t = await createTestAppWithMedia('worktime-queue', {}, { jobs: true })
  })
  afterAll(() => t.close())

  it('answers PROCESSING at once, then the worker writes the rows and the file', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    const workers = []
    for (let index = 0; index < 3; index++) {
      workers.push(await createUser(t.db, { roles: ['endworker'] }))
    }
    await t.db.insert(timeLogIntervals).values(
      workers.map((worker, index) => ({
        userId: worker.id,
        sourceType: 'TASK' as const,
        startAt: new Date('2026-02-02T09:00:00Z'),
        endAt: new Date(Date.parse('2026-02-02T09:00:00Z') + (index + 1) * 600_000),
        status: TIMELOG_STATUS.AUTOMATIC,
      })),
    )
    const created = await staff.post('coordinator/worktime-exports/', {
      start: '2026-02-01T00:00:00Z',
      end: '2026-03-01T00:00:00Z',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ status: 'PROCESSING', progress: 0, rows_count: 0 })

    let job: WorktimeExport = created.json()
    const deadline = Date.now() + 30_000
    while (job.status === 'PROCESSING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      job = (await staff.get(`coordinator/worktime-exports/${job.id}/`)).json()
    }
    expect(job).toMatchObject({
      status: 'FINISHED',
      progress: 100,
      rows_count: 3,
      total_seconds: 3600,
    })
    const lines = (await staff.get(`coordinator/worktime-exports/${job.id}/download/`)).body
      .trimEnd()
      .split('\n')
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['600', '1200', '1800'])
  })
})
