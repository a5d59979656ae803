import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { tasks } from '../../db/schema'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'
import { createDefinitions, itemsOf, requiredFields, uploadTask } from './test-support'

let t: MediaTestApp

beforeAll(async () => {
  t = await createTestAppWithMedia('intake-jobs', {}, { jobs: true })
})
afterAll(() => t.close())

describe('the import as a background job', () => {
  it('answers PROCESSING at once, then reports progress until the task is ready', async () => {
    const client = await signIn(t, { roles: ['client'] })
    const defs = await createDefinitions(t.db, client.user.id, {
      isFixedSets: true,
      itemsPerSet: 4,
    })
    const rows = Array.from({ length: 4500 }, (_, index) => JSON.stringify({ prompt: `p${index}` }))
    const response = await uploadTask(
      client,
      { ...requiredFields(defs), start_task: 'true' },
      { name: 'big.jsonl', content: rows.join('\n') },
    )
    expect(response.statusCode, response.body).toBe(201)
    const { id } = response.json()
    expect(response.json()).toEqual({ id, status: 'PROCESSING', items_count: 4500 })

    const seen: { status: string; processed_items: number; total_items: number }[] = []
    const deadline = Date.now() + 30_000
    for (;;) {
      const processing = await client.get(`client/tasks/${id}/processing/`)
      expect(processing.statusCode).toBe(200)
      seen.push(processing.json())
      if (processing.json().status !== 'PROCESSING') break
      expect(Date.now(), 'the import did not finish in time').toBeLessThan(deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(seen.at(-1)).toEqual({
      status: 'IN_PROGRESS',
      processed_items: 4500,
      total_items: 4500,
      error: null,
    })
    for (const state of seen) {
      expect(state.total_items).toBe(4500)
      expect(state.processed_items).toBeGreaterThanOrEqual(0)
      expect(state.processed_items).toBeLessThanOrEqual(4500)
    }
    const items = await itemsOf(t.db, id)
    expect(items).toHaveLength(4500)
    expect(new Set(items.map((item) => item.itemSetId)).size).toBe(1125)
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, id))
    expect(task?.startedAt).toBeInstanceOf(Date)
    // The uploaded file goes right after the commit that ends the import.
    await vi.waitFor(() => expect(listFiles(t.mediaDir)).toEqual([]))
  })
})
