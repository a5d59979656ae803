import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'
import { createDefinitions, createdSoFar, requiredFields, uploadTask } from './test-support'

vi.mock('../../../contract/task-intake', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../contract/task-intake')>()),
  TASK_UPLOAD_MAX_BYTES: 1000,
}))

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-limit-'))
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ mediaDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

describe('the upload size limit', () => {
  it('answers 413 to a larger file and keeps nothing of it', async () => {
    const client = await signIn(t, { roles: ['client'] })
    const defs = await createDefinitions(t.db, client.user.id)
    const before = await createdSoFar(t.db, mediaDir)
    const rows = Array.from({ length: 100 }, (_, index) => JSON.stringify({ prompt: `p${index}` }))
    const response = await uploadTask(client, requiredFields(defs), {
      name: 'big.jsonl',
      content: rows.join('\n'),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 'payload_too_large' })
    expect(await createdSoFar(t.db, mediaDir)).toEqual(before)

    const small = await uploadTask(client, requiredFields(defs), {
      name: 'small.jsonl',
      content: rows.slice(0, 3).join('\n'),
    })
    expect(small.statusCode, small.body).toBe(201)
  })
})
