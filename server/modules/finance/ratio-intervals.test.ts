import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endworkerGroupMembers, endworkerGroups } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn, type TestUser } from '../../test/session-client'

let t: TestApp
let manager: SignedInClient
let worker: TestUser
let other: TestUser
let group: number

const PATH = 'finance/ratio-intervals/'

beforeAll(async () => {
  t = await createTestApp()
  manager = await signIn(t, { roles: ['finance_manager'] })
  worker = await createUser(t.db, { roles: ['endworker'] })
  other = await createUser(t.db, { roles: ['endworker'] })
  const [row] = await t.db.insert(endworkerGroups).values({ name: 'paid group' }).returning()
  group = row!.id
  await t.db.insert(endworkerGroupMembers).values({ groupId: group, userId: worker.id })
})
afterAll(() => t.close())

async function create(input: Record<string, unknown>) {
  return manager.post(PATH, { user: worker.id, ratio: 100, ...input })
}

async function list(query: Record<string, string>) {
  const response = await manager.get(PATH, { query })
  expect(response.statusCode).toBe(200)
  return response.json() as { count: number; results: { id: number; ratio: number }[] }
}

describe('ratio intervals', () => {
  it('closes the open interval a new one starts in, and refuses any other overlap', async () => {
    const first = await create({ valid_from: '2026-01-01' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ valid_from: '2026-01-01', valid_to: null, ratio: 100 })

    const second = await create({ ratio: 120, valid_from: '2026-02-01' })
    expect(second.statusCode).toBe(201)
    const closed = (await list({ user: String(worker.id) })).results.find(
      (interval) => interval.id === first.json().id,
    )
    expect(closed).toMatchObject({ valid_to: '2026-01-31' })

    const inside = await create({ ratio: 90, valid_from: '2026-01-15', valid_to: '2026-01-20' })
    expect(inside.statusCode).toBe(400)
    expect(inside.json().fields.valid_to[0]).toContain(
      'overlaps the interval from 2026-01-01 to 2026-01-31 (ratio 100%)',
    )

    const moved = await manager.put(`${PATH}${second.json().id}/`, {
      user: worker.id,
      ratio: 120,
      valid_from: '2026-01-20',
      valid_to: null,
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().fields.valid_from[0]).toContain('overlaps the interval from 2026-01-01')

    const otherUser = await manager.put(`${PATH}${second.json().id}/`, {
      user: other.id,
      ratio: 120,
      valid_from: '2026-02-01',
    })
    expect(otherUser.statusCode).toBe(400)
    expect(otherUser.json().fields).toHaveProperty('user')

    const changed = await manager.put(`${PATH}${second.json().id}/`, {
      user: worker.id,
      ratio: 125,
      valid_from: '2026-02-01',
      valid_to: null,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ ratio: 125, valid_from: '2026-02-01' })

    const ended = await manager.post(`${PATH}${second.json().id}/end/`, { valid_to: '2026-03-31' })
    expect(ended.statusCode).toBe(200)
    expect(ended.json().valid_to).toBe('2026-03-31')

    const after = await create({ ratio: 80, valid_from: '2026-04-01', valid_to: '2026-04-30' })
    expect(after.statusCode).toBe(201)
  })

  it('refuses an end before the start and days that are not dates', async () => {
    const backwards = await create({ valid_from: '2027-05-10', valid_to: '2027-05-01' })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fields).toHaveProperty('valid_to')
    const notADate = await create({ valid_from: '2027-02-30' })
    expect(notADate.statusCode).toBe(400)
    expect(notADate.json().fields).toHaveProperty('valid_from')
    const tooHigh = await create({ ratio: 5000, valid_from: '2027-01-01' })
    expect(tooHigh.statusCode).toBe(400)
    expect(tooHigh.json().fields).toHaveProperty('ratio')
    const nobody = await manager.post(PATH, {
      user: 2_000_000,
      ratio: 100,
      valid_from: '2027-01-01',
    })
    expect(nobody.statusCode).toBe(400)
    expect(nobody.json().fields).toHaveProperty('user')
  })

  it('lists by user, group and day, and deletes', async () => {
    const own = await manager.post(PATH, { user: other.id, ratio: 70, valid_from: '2026-01-01' })
    expect(own.statusCode).toBe(201)
    expect((await list({ group: String(group) })).results.every((row) => row.ratio !== 70)).toBe(
      true,
    )
    const onDay = await list({ date: '2026-02-15' })
    expect(onDay.results.map((row) => row.ratio).sort()).toEqual([125, 70])
    expect((await list({ user: String(other.id) })).count).toBe(1)

    const removed = await manager.delete(`${PATH}${own.json().id}/`)
    expect(removed.statusCode).toBe(204)
    expect((await list({ user: String(other.id) })).count).toBe(0)
    expect((await manager.delete(`${PATH}${own.json().id}/`)).statusCode).toBe(404)
  })
})
