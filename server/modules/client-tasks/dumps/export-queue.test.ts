import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dump } from '../../../../contract/client-tasks'
import { createTestAppWithMedia, type MediaTestApp } from '../../../test/harness'
import { createUser, signIn } from '../../../test/session-client'
import { seedTask, seedWorkspace } from '../test-fixtures'
import { EXPORT_BATCH } from './export-job'

describe('result export through the job queue', () => {
  let t: MediaTestApp

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-queue', {}, { jobs: true })
  })
  afterAll(() => t.close())

  it('answers PROCESSING at once, then the worker streams every batch to the file', async () => {
    const client = await signIn(t, { roles: ['client'] })
    const annotator = await createUser(t.db, { roles: ['endworker'] })
    const own = await seedWorkspace(t.db, [client.user.id])
    // More than one batch, so the keyset paging and the progress updates are exercised.
    const count = EXPORT_BATCH + 5
    const { task, itemIds } = await seedTask(t.db, own, {
      downloadEnabled: true,
      items: Array.from({ length: count }, (_, index) => ({
        data: { prompt: `p${index}` },
        annotations:
          index % 2 === 0
            ? [{ userId: annotator.id, isDone: true, data: { transcript: `t${index}` } }]
            : [],
      })),
    })
    const url = `client/tasks/${task.id}/dump_async/`

    const created = await client.post(url, { include_not_done_items: true })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ status: 'PROCESSING', progress: 0, file: null })

    let dump: Dump = created.json()
    const deadline = Date.now() + 30_000
    while (dump.status === 'PROCESSING' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      dump = (await client.get(url)).json()
    }
    expect(dump).toMatchObject({ status: 'FINISHED', progress: 100, error: null })

    const lines = (await client.get(`${url}file/`)).body.trimEnd().split('\n')
    expect(lines).toHaveLength(count)
    const parsed = lines.map((line) => JSON.parse(line))
    expect(parsed.map((line) => line.item_id)).toEqual(itemIds)
    expect(parsed[0].annotations[0].data).toEqual({ transcript: 't0' })
    expect(parsed[1].annotations).toEqual([])
    expect(parsed.at(-1).data).toEqual({ prompt: `p${count - 1}` })
  })
})
