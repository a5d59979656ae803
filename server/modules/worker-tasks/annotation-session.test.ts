import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER, SESSION_COOKIE } from '../../../contract/constants'
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/worker'
import { annotations, sessions, users } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { hashToken } from '../auth/tokens'
import { annotationBody, annotationPath, idempotencyHeaders, seedClaimedSet } from './test-fixtures'

/**
 * The save checks its session in its own statement instead of the generic lookup: every way a
 * session can be missing or dead must still answer as on any other route, before anything
 * about the request itself.
 */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Claimed = Awaited<ReturnType<typeof claimed>>

async function claimed() {
  const claim = await seedClaimedSet(t.app)
  return {
    ...claim,
    path: annotationPath(claim.setId, claim.itemIds[0]!),
    idHash: hashToken(claim.worker.cookies.get(SESSION_COOKIE) as string),
  }
}

const storedAnnotations = (itemSetId: number) =>
  t.db.select().from(annotations).where(eq(annotations.itemSetId, itemSetId))

/** Requests the save route must refuse for the session alone, whatever is wrong with them. */
const requests = (path: string) =>
  [
    ['a valid save', path, annotationBody({ transcript: 'x' }), {}],
    ['a save with a key', path, annotationBody({ transcript: 'x' }), idempotencyHeaders()],
    ['an invalid body', path, { data: { transcript: 'x' } }, {}],
    [
      'a malformed key',
      path,
      annotationBody({ transcript: 'x' }),
      { [IDEMPOTENCY_KEY_HEADER]: 'x' },
    ],
    ['malformed JSON', path, '{"data":', { 'content-type': 'application/json' }],
  ] as const

async function expectRefusedLikeOtherRoutes(c: Claimed, status: number) {
  const elsewhere = await c.worker.get('endworker/tasks/')
  expect(elsewhere.statusCode).toBe(status)
  for (const [what, path, body, headers] of requests(c.path)) {
    const response = await c.worker.put(path, body, { headers })
    expect(response.statusCode, what).toBe(status)
    expect(response.json(), what).toEqual(elsewhere.json())
  }
  expect(await storedAnnotations(c.setId)).toEqual([])
}

describe('PUT /api/endworker/item-sets/{id}/items/{id}/annotation/: the session', () => {
  it('answers 401 without a session cookie', async () => {
    const c = await claimed()
    c.worker.cookies.delete(SESSION_COOKIE)
    await expectRefusedLikeOtherRoutes(c, 401)
  })

  it('answers 401 for an expired session, a deleted one and a deactivated user', async () => {
    const expired = await claimed()
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, expired.idHash))
    await expectRefusedLikeOtherRoutes(expired, 401)

    const deleted = await claimed()
    await t.db.delete(sessions).where(eq(sessions.idHash, deleted.idHash))
    await expectRefusedLikeOtherRoutes(deleted, 401)

    const deactivated = await claimed()
    await t.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, deactivated.worker.user.id))
    await expectRefusedLikeOtherRoutes(deactivated, 401)
  })

  it('answers 403 to a user without the endworker permission', async () => {
    const c = await claimed()
    await t.db.update(users).set({ roles: [] }).where(eq(users.id, c.worker.user.id))
    await expectRefusedLikeOtherRoutes(c, 403)
  })

  it('checks CSRF before saving', async () => {
    const c = await claimed()
    const response = await c.worker.put(c.path, annotationBody({ transcript: 'x' }), {
      headers: { [CSRF_HEADER]: 'another-token-of-enough-length' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('csrf_failed')
    expect(await storedAnnotations(c.setId)).toEqual([])
  })

  it('refreshes the sliding expiry at most once a minute', async () => {
    const c = await claimed()
    const session = async () => {
      const [row] = await t.db.select().from(sessions).where(eq(sessions.idHash, c.idHash))
      return row!
    }
    const fresh = await c.worker.put(c.path, annotationBody({ transcript: 'a' }))
    expect(fresh.statusCode).toBe(200)
    expect(fresh.cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)

    const longAgo = new Date(Date.now() - 120_000)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: longAgo, expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(sessions.idHash, c.idHash))
    const stale = await c.worker.put(c.path, annotationBody({ transcript: 'b' }), {
      headers: idempotencyHeaders(),
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.json().data).toEqual({ transcript: 'b', ok: 'false' })
    expect(stale.cookies.map((cookie) => cookie.name)).toContain(SESSION_COOKIE)
    const refreshed = await session()
    expect(refreshed.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime())
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  })
})
