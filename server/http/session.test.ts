import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../contract/constants'
import { buildApp } from '../app'
import { sessions, users } from '../db/schema'
import { hashToken } from '../modules/auth/tokens'
import { createTestApp, type TestApp } from '../test/harness'
import { anonymousClient, createUser, signIn } from '../test/session-client'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, sessionTtlHours: 24 })
})
afterAll(() => t.close())

const sessionRow = async (token: string) => {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(token)))
  return row
}

describe('sessions', () => {
  it('stores only the hash of the cookie value, with the TTL as expiry', async () => {
    const client = await signIn(t)
    const token = client.cookies.get(SESSION_COOKIE) as string
    const row = await sessionRow(token)
    expect(row?.userId).toBe(client.user.id)
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    const rows = await t.db.select({ idHash: sessions.idHash }).from(sessions)
    expect(rows.map((r) => r.idHash)).not.toContain(token)
  })

  it('marks the cookie Secure when the request came over HTTPS (via a trusted proxy)', async () => {
    const user = await createUser(t.db)
    const client = await anonymousClient(t)
    const response = await client.post(
      'auth/session/login/',
      { username: user.username, password: user.password },
      { headers: { 'x-forwarded-proto': 'https' } },
    )
    expect(response.statusCode).toBe(200)
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toMatch(/sessionid=[^;]+;.*Secure/)
    expect(cookie).toMatch(/Max-Age=86400/)
  })

  it('answers 401 not_authenticated without a session', async () => {
    const response = await t.app.inject({ url: '/api/auth/current-user/' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ code: 'not_authenticated' })
  })

  it('ignores an unknown session cookie', async () => {
    const response = await t.app.inject({
      url: '/api/auth/current-user/',
      cookies: { [SESSION_COOKIE]: 'made-up-session-value' },
    })
    expect(response.statusCode).toBe(401)
  })

  it('treats the session of a user deactivated meanwhile as absent', async () => {
    const client = await signIn(t)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, client.user.id))
    expect((await client.get('auth/current-user/')).statusCode).toBe(401)
  })

  it('refuses an expired session', async () => {
    const client = await signIn(t)
    const token = client.cookies.get(SESSION_COOKIE) as string
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, hashToken(token)))
    expect((await client.get('auth/current-user/')).statusCode).toBe(401)
  })

  it('slides the expiry forward, at most once a minute', async () => {
    const client = await signIn(t)
    const token = client.cookies.get(SESSION_COOKIE) as string
    const fresh = await client.get('auth/current-user/')
    expect(String(fresh.headers['set-cookie'] ?? '')).not.toMatch(/sessionid=/)

    const soon = new Date(Date.now() + 60 * 60_000)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 60_000), expiresAt: soon })
      .where(eq(sessions.idHash, hashToken(token)))
    const touched = await client.get('auth/current-user/')
    expect(touched.statusCode).toBe(200)
    expect(String(touched.headers['set-cookie'])).toMatch(/sessionid=/)
    const row = await sessionRow(token)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
    expect(row?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('keeps sessions in the database only: another app on the same database sees them', async () => {
    const client = await signIn(t)
    const second = await buildApp({ config: t.app.config, database: t.database })
    try {
      const response = await second.inject({
        url: '/api/auth/current-user/',
        cookies: { [SESSION_COOKIE]: client.cookies.get(SESSION_COOKIE) as string },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().id).toBe(client.user.id)
    } finally {
      await second.close()
    }
  })
})
