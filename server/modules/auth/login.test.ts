import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../../contract/constants'
import { loginFailures, users } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, createUser, signIn, TEST_PASSWORD } from '../../test/session-client'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perAccount: 3, perAddress: 6, windowMinutes: 15 } })
})
afterAll(() => t.close())

const login = async (username: string, password: string, remoteAddress?: string) => {
  const client = await anonymousClient(t)
  const response = await client.post(
    'auth/session/login/',
    { username, password },
    { remoteAddress },
  )
  return { client, response }
}

describe('POST /api/auth/session/login/', () => {
  it('signs in, answers the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const user = await createUser(t.db, { roles: ['endworker'], firstName: 'Ann' })
    const { response } = await login(user.username, user.password)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: user.id,
      username: user.username,
      first_name: 'Ann',
      is_traditional_account: true,
      is_sso_account: false,
      is_active: true,
    })
    expect(response.json().last_login).not.toBeNull()
    const header = String(response.headers['set-cookie'])
    expect(header).toMatch(new RegExp(`${SESSION_COOKIE}=[\\w-]{43};`))
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).not.toMatch(/Secure/)
  })

  it('sets the script-readable session hint beside the session, and clears it on sign-out', async () => {
    const user = await createUser(t.db, { roles: ['endworker'] })
    const { client, response } = await login(user.username, user.password)
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? [])
    const hint = cookies.find((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`))
    const session = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`))
    expect(hint).not.toMatch(/HttpOnly/)
    expect(hint?.match(/Max-Age=\d+/)?.[0]).toBe(session?.match(/Max-Age=\d+/)?.[0])

    expect(client.cookies.has(SESSION_HINT_COOKIE)).toBe(true)
    await client.post('auth/session/logout/')
    expect(client.cookies.has(SESSION_HINT_COOKIE)).toBe(false)
  })

  it('accepts the e-mail instead of the username, in any case', async () => {
    const user = await createUser(t.db, { email: 'Mixed.Case@Example.test' })
    const { response } = await login('mixed.case@EXAMPLE.test', user.password)
    expect(response.statusCode).toBe(200)
    expect(response.json().id).toBe(user.id)
  })

  it('gives a new session id on every login and ends the old one', async () => {
    const client = await signIn(t)
    const first = client.cookies.get(SESSION_COOKIE)
    const again = await client.post('auth/session/login/', {
      username: client.user.username,
      password: client.user.password,
    })
    expect(again.statusCode).toBe(200)
    const second = client.cookies.get(SESSION_COOKIE)
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    const stale = await t.app.inject({
      url: '/api/auth/current-user/',
      cookies: { [SESSION_COOKIE]: first as string },
    })
    expect(stale.statusCode).toBe(401)
    expect((await client.get('auth/current-user/')).statusCode).toBe(200)
  })

  it('refuses a wrong password with 401 authentication_failed', async () => {
    const user = await createUser(t.db)
    const { response } = await login(user.username, 'not the password')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      detail: 'Invalid username or password.',
      code: 'authentication_failed',
    })
    expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(new RegExp(SESSION_COOKIE))
  })

  it('answers an unknown username exactly like a wrong password', async () => {
    const { response } = await login('nobody-here', TEST_PASSWORD)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('authentication_failed')
  })

  it('refuses a single sign-on account, which has no password', async () => {
    const user = await createUser(t.db, { isSsoAccount: true })
    const { response } = await login(user.username, TEST_PASSWORD)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('authentication_failed')
  })

  it('tells a deactivated user so, but only with the right password', async () => {
    const user = await createUser(t.db, { isActive: false })
    const right = await login(user.username, user.password)
    expect(right.response.statusCode).toBe(401)
    expect(right.response.json().code).toBe('account_deactivated')
    expect(right.response.json().detail).toContain('deactivated')
    const wrong = await login(user.username, 'not the password')
    expect(wrong.response.json().code).toBe('authentication_failed')
  })

  it('validates the body with per-field messages', async () => {
    const { response } = await login('ab', '')
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_error')
    expect(Object.keys(response.json().fields)).toEqual(['username', 'password'])
  })
})

describe('login rate limiting', () => {
  it('blocks an account after too many failures, from any address, with Retry-After', async () => {
    const user = await createUser(t.db)
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await login(user.username, 'wrong', address)).response.statusCode).toBe(401)
    }
    const { response } = await login(user.username, user.password, '10.0.0.4')
    expect(response.statusCode).toBe(429)
    expect(response.json().code).toBe('rate_limited')
    expect(response.json().detail).toMatch(/Try again in 15 minutes/)
    const retryAfter = Number(response.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
  })

  it('lets the account in again once its failures leave the window', async () => {
    const user = await createUser(t.db)
    for (let i = 0; i < 3; i++) await login(user.username, 'wrong', '10.0.1.1')
    await t.db
      .update(loginFailures)
      .set({ failedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginFailures.subject, `account:${user.username.toLowerCase()}`))
    expect((await login(user.username, user.password, '10.0.1.2')).response.statusCode).toBe(200)
  })

  it('slows an address down after too many failures but lets a right password through', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await login(`stranger${i}`, 'wrong', '10.0.2.1')).response.statusCode).toBe(401)
    }
    const user = await createUser(t.db)
    const started = performance.now()
    const signedIn = await login(user.username, user.password, '10.0.2.1')
    expect(signedIn.response.statusCode).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(250)

    const wrong = await login(user.username, 'wrong', '10.0.2.1')
    expect(wrong.response.statusCode).toBe(429)
    expect(wrong.response.json().detail).toMatch(/^Invalid username or password\. .*slowed down/)
    expect(Number(wrong.response.headers['retry-after'])).toBeGreaterThan(14 * 60)
    expect((await login(user.username, user.password, '10.0.2.1')).response.statusCode).toBe(200)
    expect((await login(user.username, user.password, '10.0.2.2')).response.statusCode).toBe(200)
  })

  it('keeps the per-account lock from an address past its limit, right password included', async () => {
    for (let i = 0; i < 6; i++) await login(`passerby${i}`, 'wrong', '10.0.4.1')
    const user = await createUser(t.db)
    for (let i = 0; i < 3; i++) {
      expect((await login(user.username, 'wrong', '10.0.4.2')).response.statusCode).toBe(401)
    }
    const locked = await login(user.username, user.password, '10.0.4.1')
    expect(locked.response.statusCode).toBe(429)
    expect(locked.response.json().detail).toMatch(/^Too many failed sign-in attempts/)
  })

  it('doubles the slowdown of an address with each further failure', async () => {
    for (let i = 0; i < 8; i++) await login(`wanderer${i}`, 'wrong', '10.0.5.1')
    const user = await createUser(t.db)
    const started = performance.now()
    expect((await login(user.username, user.password, '10.0.5.1')).response.statusCode).toBe(200)
    // 2 failures past the limit of 6: 0.25 s doubled twice.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
  })

  it("clears the account's failures on success", async () => {
    const user = await createUser(t.db)
    for (let i = 0; i < 2; i++) await login(user.username, 'wrong', '10.0.3.1')
    expect((await login(user.username, user.password, '10.0.3.1')).response.statusCode).toBe(200)
    for (let i = 0; i < 2; i++) await login(user.username, 'wrong', '10.0.3.1')
    expect((await login(user.username, user.password, '10.0.3.1')).response.statusCode).toBe(200)
  })
})

describe('POST /api/auth/session/logout/', () => {
  it('ends the session and clears the cookie', async () => {
    const client = await signIn(t)
    const token = client.cookies.get(SESSION_COOKIE) as string
    const response = await client.post('auth/session/logout/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: 'Signed out.' })
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false)
    const replayed = await t.app.inject({
      url: '/api/auth/current-user/',
      cookies: { [SESSION_COOKIE]: token },
    })
    expect(replayed.statusCode).toBe(401)
  })

  it('answers a visitor without a session too', async () => {
    const client = await anonymousClient(t)
    expect((await client.post('auth/session/logout/')).statusCode).toBe(200)
  })
})

describe('single sign-on endpoints', () => {
  it('sends the browser to the failure page when single sign-on is not configured', async () => {
    const response = await t.app.inject({ url: '/api/auth/oidc/login/' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/oidc_failure?reason=not_configured')
  })

  it('answers the single sign-on logout', async () => {
    const client = await anonymousClient(t)
    const response = await client.post('auth/oidc/logout/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: 'Signed out.' })
  })
})

describe('last_login', () => {
  it('is updated by every login', async () => {
    const user = await createUser(t.db)
    await login(user.username, user.password)
    const [row] = await t.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.id, user.id))
    expect(row?.lastLogin).toBeInstanceOf(Date)
  })
})
