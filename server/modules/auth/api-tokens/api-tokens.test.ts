import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_TOKEN_PATTERN } from '../../../../contract/api-tokens'
import { SESSION_COOKIE } from '../../../../contract/constants'
import { apiTokens, passwordResetKeys, users } from '../../../db/schema'
import { createTestApp, type TestApp } from '../../../test/harness'
import {
  type ApiClient,
  anonymousClient,
  type SignedInClient,
  signIn,
} from '../../../test/session-client'
import { annotationBody, annotationPath, seedClaimedSet } from '../../worker-tasks/test-fixtures'
import { hashToken, newToken } from '../tokens'

let t: TestApp
let staff: SignedInClient

beforeAll(async () => {
  t = await createTestApp({ apiTokenRatePerMinute: 1000 })
  staff = await signIn(t, { roles: ['staff'] })
})
afterAll(() => t.close())

async function createToken(owner: ApiClient, body = { name: 'pipeline', expires_in_days: 30 }) {
  const response = await owner.post('auth/tokens/', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { id: number; token: string; prefix: string; expires_at: string }
}

/** A call as a script makes it: the token only, no cookie and no CSRF header. */
function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  app = t.app,
) {
  return app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })
}

describe('the life of a personal API token', () => {
  it('is shown once, acts as its owner without cookies or CSRF, and stops when revoked', async () => {
    const owner = await signIn(t)
    const created = await createToken(owner)
    expect(created.token).toMatch(API_TOKEN_PATTERN)
    expect(created.prefix).toBe(created.token.slice(0, 11))
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
    const [stored] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id))
    expect(stored?.tokenHash).toBe(hashToken(created.token))

    const read = await withToken(created.token, 'GET', 'auth/current-user/')
    expect(read.statusCode).toBe(200)
    expect(read.json().username).toBe(owner.user.username)
    expect(read.headers['set-cookie']).toBeUndefined()
    const write = await withToken(created.token, 'PATCH', 'auth/current-user/', {
      first_name: 'Scripted',
    })
    expect(write.statusCode, write.body).toBe(200)
    expect(write.json().first_name).toBe('Scripted')

    const list = await owner.get('auth/tokens/')
    expect(list.statusCode).toBe(200)
    expect(list.json().count).toBe(1)
    const [listed] = list.json().results
    expect(listed).toMatchObject({ id: created.id, name: 'pipeline', prefix: created.prefix })
    expect(listed.token).toBeUndefined()
    expect(listed.last_used_address).toBe('127.0.0.1')
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.now() - 60_000)

    expect((await owner.delete(`auth/tokens/${created.id}/`)).statusCode).toBe(204)
    const after = await withToken(created.token, 'GET', 'auth/current-user/')
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('token_revoked')
    expect((await owner.get('auth/tokens/')).json().count).toBe(0)
    expect((await owner.delete(`auth/tokens/${created.id}/`)).statusCode).toBe(404)
  })

  it("lets nobody list or revoke another user's token", async () => {
    const owner = await signIn(t)
    const other = await signIn(t)
    const created = await createToken(owner)
    expect((await other.get('auth/tokens/')).json().count).toBe(0)
    expect((await other.delete(`auth/tokens/${created.id}/`)).statusCode).toBe(404)
    expect((await withToken(created.token, 'GET', 'auth/current-user/')).statusCode).toBe(200)
  })

  it('refuses lifetimes other than 30, 90 or 365 days, and no expiry except to staff', async () => {
    const owner = await signIn(t)
    const odd = await owner.post('auth/tokens/', { name: 'x', expires_in_days: 7 })
    expect(odd.statusCode).toBe(400)
    expect(odd.json().fields).toHaveProperty('expires_in_days')
    const forever = await owner.post('auth/tokens/', { name: 'x', expires_in_days: null })
    expect(forever.statusCode).toBe(400)
    expect(forever.json().fields).toHaveProperty('expires_in_days')
    const unnamed = await owner.post('auth/tokens/', { name: '  ', expires_in_days: 90 })
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json().fields).toHaveProperty('name')
    const staffForever = await createToken(staff, { name: 'ci', expires_in_days: null as never })
    expect(staffForever.expires_at).toBeNull()
  })

  it('cannot be created by a token call', async () => {
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    const response = await withToken(token, 'POST', 'auth/tokens/', {
      name: 'another',
      expires_in_days: 30,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('permission_denied')
  })

  it('needs a signed-in user to manage tokens', async () => {
    const visitor = await anonymousClient(t)
    expect((await visitor.get('auth/tokens/')).statusCode).toBe(401)
    const created = await visitor.post('auth/tokens/', { name: 'x', expires_in_days: 30 })
    expect(created.statusCode).toBe(401)
  })
})

describe('refused tokens answer 401 with a code', () => {
  async function refusal(token: string) {
    const response = await withToken(token, 'GET', 'auth/current-user/')
    expect(response.statusCode).toBe(401)
    return response.json().code
  }

  it('a malformed or unknown token', async () => {
    expect(await refusal('not-a-token')).toBe('token_invalid')
    expect(await refusal('')).toBe('token_invalid')
    expect(await refusal(`cw_${newToken()}`)).toBe('token_invalid')
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    // Same prefix, another secret: found by its prefix, refused by the hash.
    expect(await refusal(`${token.slice(0, 11)}${newToken().slice(8)}`)).toBe('token_invalid')
  })

  it('an expired token', async () => {
    const owner = await signIn(t)
    const { id, token } = await createToken(owner)
    await t.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, id))
    expect(await refusal(token)).toBe('token_expired')
  })

  it('the token of a deactivated user, at once, and again once reactivated', async () => {
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    const off = await staff.patch(`admin/users/${owner.user.id}/`, { is_active: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(await refusal(token)).toBe('account_deactivated')
    await staff.patch(`admin/users/${owner.user.id}/`, { is_active: true })
    expect((await withToken(token, 'GET', 'auth/current-user/')).statusCode).toBe(200)
  })

  it('the token of an anonymized user, whose token rows keep nothing of them', async () => {
    const owner = await signIn(t)
    const { id, token } = await createToken(owner, { name: 'Ann laptop', expires_in_days: 90 })
    await withToken(token, 'GET', 'auth/current-user/')
    const anonymized = await staff.put(`coordinator/users/${owner.user.id}/anonymize/`)
    expect(anonymized.statusCode, anonymized.body).toBe(200)
    expect(await refusal(token)).toBe('account_anonymized')
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, id))
    expect(row).toMatchObject({ name: '', lastUsedAddress: null, revokedReason: 'anonymized' })
  })

  it('every token of a user whose password was reset', async () => {
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    const key = newToken()
    await t.db.insert(passwordResetKeys).values({
      keyHash: hashToken(key),
      userId: owner.user.id,
      email: owner.user.email,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    const visitor = await anonymousClient(t)
    const reset = await visitor.post('auth/reset-password/', {
      key,
      password: 'a brand new passphrase',
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(await refusal(token)).toBe('token_revoked')
  })
})

describe('a token with a session cookie', () => {
  it('is refused with 400, whichever of the two is valid', async () => {
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    const both = await owner.get('auth/current-user/', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().code).toBe('token_with_session')
    const unsafe = await owner.patch(
      'auth/current-user/',
      { first_name: 'Guess' },
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(unsafe.statusCode).toBe(400)
    const stale = await t.app.inject({
      url: '/api/auth/current-user/',
      headers: { authorization: `Bearer ${token}` },
      cookies: { [SESSION_COOKIE]: 'a-session-that-does-not-exist' },
    })
    expect(stale.statusCode).toBe(400)
    expect(stale.json().code).toBe('token_with_session')
  })
})

describe("a token's permissions", () => {
  it("follow its owner's roles as they are now", async () => {
    const owner = await signIn(t)
    const { token } = await createToken(owner)
    expect((await withToken(token, 'GET', 'admin/users/')).statusCode).toBe(403)
    await t.db
      .update(users)
      .set({ roles: ['staff'] })
      .where(eq(users.id, owner.user.id))
    expect((await withToken(token, 'GET', 'admin/users/')).statusCode).toBe(200)
    const demoted = await staff.patch(`admin/users/${owner.user.id}/`, { roles: [] })
    expect(demoted.statusCode, demoted.body).toBe(200)
    expect((await withToken(token, 'GET', 'admin/users/')).statusCode).toBe(403)
  })
})

describe('the annotation save, which checks its session in its own statement', () => {
  it("takes a token call as the set's worker, and refuses it without the permission", async () => {
    const { worker, setId, itemIds } = await seedClaimedSet(t.app)
    const { token } = await createToken(worker)
    const path = annotationPath(setId, itemIds[0] as number)
    const saved = await withToken(
      token,
      'PUT',
      path,
      annotationBody({ transcript: 'from a script' }),
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const read = await withToken(token, 'GET', `endworker/item-sets/${setId}/`)
    expect(read.body).toContain('from a script')

    await t.db.update(users).set({ roles: [] }).where(eq(users.id, worker.user.id))
    const refused = await withToken(token, 'PUT', path, annotationBody({ transcript: 'again' }))
    expect(refused.statusCode).toBe(403)
  })
})

describe('staff and every token', () => {
  it('lists all tokens with their owners and revokes any of them', async () => {
    const owner = await signIn(t)
    const { id, token } = await createToken(owner, { name: 'nightly export', expires_in_days: 365 })
    expect((await owner.get('admin/api-tokens/')).statusCode).toBe(403)
    expect((await owner.delete(`admin/api-tokens/${id}/`)).statusCode).toBe(403)
    const list = await staff.get('admin/api-tokens/', { query: { limit: '1000' } })
    expect(list.statusCode).toBe(200)
    const listed = list.json().results.find((item: { id: number }) => item.id === id)
    expect(listed).toMatchObject({
      name: 'nightly export',
      user: { id: owner.user.id, username: owner.user.username },
    })
    expect(listed.token).toBeUndefined()
    expect((await staff.delete(`admin/api-tokens/${id}/`)).statusCode).toBe(204)
    const refused = await withToken(token, 'GET', 'auth/current-user/')
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toMatchObject({ code: 'token_revoked' })
    expect(refused.json().detail).toContain('administrator')
    expect((await staff.delete(`admin/api-tokens/${id}/`)).statusCode).toBe(404)
  })
})

describe('the OpenAPI document', () => {
  it('declares the bearer scheme and the token calls', async () => {
    const document = (await t.app.inject({ url: '/api/schema/' })).json()
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
    expect(document.security).toContainEqual({ bearer: [] })
    expect(Object.keys(document.paths['/api/auth/tokens/'])).toEqual(['get', 'post'])
    expect(document.paths['/api/auth/tokens/{id}/']).toHaveProperty('delete')
    expect(document.paths['/api/admin/api-tokens/']).toHaveProperty('get')
    expect(document.paths['/api/admin/api-tokens/{id}/']).toHaveProperty('delete')
  })
})

describe('Swagger UI at /api/docs', () => {
  it('sends a call tried with a token without the cookies of a signed-in browser', async () => {
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' })
    expect(initializer.statusCode).toBe(200)
    // The page's own copy of the settings: what the browser runs.
    const config = initializer.body.split('const config = ')[1]?.split('const resConfig')[0]
    const { requestInterceptor } = new Function(`return ${config}`)() as {
      requestInterceptor: (request: Record<string, unknown>) => Record<string, unknown>
    }
    const tried = (headers: Record<string, string>) =>
      requestInterceptor({ url: '/api/auth/tokens/', headers, credentials: 'same-origin' })
    expect(tried({ Authorization: 'Bearer cw_x' }).credentials).toBe('omit')
    expect(tried({ 'X-CSRFToken': 'x' }).credentials).toBe('same-origin')
  })
})

describe('the per-token rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ apiTokenRatePerMinute: 3 })
  })
  afterAll(() => limited.close())

  it('answers 429 with Retry-After past the limit, counting each token apart, until the minute ends', async () => {
    const owner = await signIn(limited)
    const first = await createToken(owner)
    const second = await createToken(owner)
    const call = (token: string) =>
      withToken(token, 'GET', 'auth/current-user/', undefined, limited.app)
    for (let n = 0; n < 3; n += 1) expect((await call(first.token)).statusCode).toBe(200)
    const refused = await call(first.token)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('rate_limited')
    const wait = Number(refused.headers['retry-after'])
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(60)
    expect((await call(second.token)).statusCode).toBe(200)
    // The window is kept in the database: moving its start back a minute stands for the clock.
    await limited.db
      .update(apiTokens)
      .set({ rateWindowStart: sql`now() - interval '61 seconds'` })
      .where(eq(apiTokens.id, first.id))
    expect((await call(first.token)).statusCode).toBe(200)
  })
})
