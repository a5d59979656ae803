import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'
import { createDefinitions, createdSoFar, requiredFields, uploadTask } from './test-support'

vi.mock('../../../contract/task-intake', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../contract/task-intake')>()),
  TASK_UPLOAD_MAX_BYTES: 1000,
}))

let t: MediaTestApp

beforeAll(async () => {
  t = await createTestAppWithMedia('intake-limit')
})
afterAll(() => t.close())

describe('the upload size limit', () => {
  it('answers 413 to a larger file and keeps nothing of it', async () => {
    const client = await signIn(t, { roles: ['client'] })
    const defs = await createDefinitions(t.db, client.user.id)
    const before = await createdSoFar(t.db, t.mediaDir)
    const rows = Array.from({ length: 100 }, (_, index) => JSON.stringify({ prompt: `p${index}` }))
    const response = await uploadTask(client, requiredFields(defs), {
      name: 'big.jsonl',
      content: rows.join('\n'),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'payload_too_large' })
    expect(await createdSoFar(t.db, t.mediaDir)).toEqual(before)

    const small = await uploadTask(client, requiredFields(defs), {
      name: 'small.jsonl',
      content: rows.slice(0, 3).join('\n'),
    })
    expect(small.statusCode, small.body).toBe(201)
  })
})
