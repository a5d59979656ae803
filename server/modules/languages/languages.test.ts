import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { languages } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, signIn } from '../../test/session-client'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await t.db.insert(languages).values([
    { code: 'pl', name: 'Polish' },
    { code: 'en', name: 'English' },
  ])
})
afterAll(() => t.close())

describe('GET /api/languages/', () => {
  it('lists the languages by name for a signed-in user', async () => {
    const client = await signIn(t)
    const response = await client.get('languages/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([
      { id: expect.any(Number), code: 'en', name: 'English' },
      { id: expect.any(Number), code: 'pl', name: 'Polish' },
    ])
  })

  it('answers 401 to a visitor', async () => {
    const client = await anonymousClient(t)
    expect((await client.get('languages/')).statusCode).toBe(401)
  })
})
