import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordResetKeys } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, loginStatus, signIn } from '../../test/session-client'
import { hashToken, newToken } from '../auth/tokens'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function createResetKey(
  userId: number,
  email: string,
  expiresAt = new Date(Date.now() + 3_600_000),
) {
  const key = newToken()
  await t.db.insert(passwordResetKeys).values({ keyHash: hashToken(key), userId, email, expiresAt })
  return key
}

const newPassword = 'my new secret passphrase'

describe('GET /api/auth/reset-password/verify/', () => {
  it('answers the e-mail of a usable key', async () => {
    const client = await signIn(t)
    const key = await createResetKey(client.user.id, client.user.email)
    const response = await t.app.inject({ url: '/api/auth/reset-password/verify/', query: { key } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ email: client.user.email })
  })

  it('answers 404 invalid_key for an unknown or expired key', async () => {
    const client = await signIn(t)
    const expired = await createResetKey(
      client.user.id,
      client.user.email,
      new Date(Date.now() - 1000),
    )
    for (const key of ['unknown-key', expired]) {
      const response = await t.app.inject({
        url: '/api/auth/reset-password/verify/',
        query: { key },
      })
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('invalid_key')
    }
  })
})

describe('POST /api/auth/reset-password/', () => {
  it('sets the password, uses the key up and ends every session of the user', async () => {
    const victim = await signIn(t)
    const key = await createResetKey(victim.user.id, victim.user.email)
    const visitor = await anonymousClient(t)
    const response = await visitor.post('auth/reset-password/', { key, password: newPassword })
    expect(response.statusCode).toBe(200)
    expect(response.json().detail).toMatch(/sign in/)

    expect((await victim.get('auth/current-user/')).statusCode).toBe(401)
    const [row] = await t.db
      .select({ usedAt: passwordResetKeys.usedAt })
      .from(passwordResetKeys)
      .where(eq(passwordResetKeys.keyHash, hashToken(key)))
    expect(row?.usedAt).toBeInstanceOf(Date)

    expect(await loginStatus(t, victim.user.username, victim.user.password)).toBe(401)
    expect(await loginStatus(t, victim.user.username, newPassword)).toBe(200)
  })

  it('refuses a used key, both to verify and to reset', async () => {
    const client = await signIn(t)
    const key = await createResetKey(client.user.id, client.user.email)
    const visitor = await anonymousClient(t)
    expect(
      (await visitor.post('auth/reset-password/', { key, password: newPassword })).statusCode,
    ).toBe(200)
    const again = await visitor.post('auth/reset-password/', {
      key,
      password: 'yet another passphrase',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      code: 'invalid_key',
      fields: { key: [expect.any(String)] },
    })
    const verify = await visitor.get('auth/reset-password/verify/', { query: { key } })
    expect(verify.statusCode).toBe(404)
  })

  it('refuses a too short password, naming the field', async () => {
    const client = await signIn(t)
    const key = await createResetKey(client.user.id, client.user.email)
    const visitor = await anonymousClient(t)
    const response = await visitor.post('auth/reset-password/', { key, password: 'short' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('password')
  })
})
