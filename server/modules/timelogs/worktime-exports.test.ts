import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import {
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  timeLogIntervals,
  timelogTypes,
} from '../../db/schema'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn, type TestUser } from '../../test/session-client'

let t: MediaTestApp
let coordinator: SignedInClient
let staff: SignedInClient
let ours: TestUser
let theirs: TestUser
let ourGroup: number

const JUNE = { start: '2026-06-01T00:00:00.000Z', end: '2026-07-01T00:00:00.000Z' }
const at = (day: number, hour: number) => new Date(Date.UTC(2026, 5, day, hour))

beforeAll(async () => {
  t = await createTestAppWithMedia('worktime-exports')
  const [group, other] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'wt-ours', coordinationGroup: true },
      { name: 'wt-theirs', coordinationGroup: true },
    ])
    .returning()
  ourGroup = group!.id
  ours = await createUser(t.db, { roles: ['endworker'] })
  theirs = await createUser(t.db, { roles: ['endworker'] })
  await t.db.insert(endworkerGroupMembers).values([
    { groupId: group!.id, userId: ours.id },
    { groupId: other!.id, userId: theirs.id },
  ])
  coordinator = await signIn(t, { roles: ['coordinator'] })
  staff = await signIn(t, { roles: ['staff'] })
  await t.db.insert(groupCoordinators).values({ groupId: group!.id, userId: coordinator.user.id })
  const [breakType] = await t.db
    .insert(timelogTypes)
    .values({ name: 'wt-break', isBonusBreak: true })
    .returning()
  const log = (userId: number, start: Date, end: Date, status: number, timelogTypeId?: number) => ({
    userId,
    sourceType: 'TASK' as const,
    startAt: start,
    endAt: end,
    status,
    timelogTypeId: timelogTypeId ?? null,
  })
  await t.db.insert(timeLogIntervals).values([
    log(ours.id, at(2, 9), at(2, 11), TIMELOG_STATUS.AUTOMATIC),
    log(ours.id, at(3, 9), at(3, 10), TIMELOG_STATUS.ACCEPTED),
    log(ours.id, at(3, 10), at(3, 11), TIMELOG_STATUS.PENDING),
    log(ours.id, at(3, 12), at(3, 13), TIMELOG_STATUS.REJECTED),
    log(ours.id, at(4, 12), at(4, 13), TIMELOG_STATUS.ACCEPTED, breakType!.id),
    // Half of it falls before June.
    log(ours.id, new Date('2026-05-31T23:00:00Z'), at(1, 1), TIMELOG_STATUS.AUTOMATIC),
    log(theirs.id, at(2, 9), at(2, 10), TIMELOG_STATUS.AUTOMATIC),
  ])
})
afterAll(() => t.close())

describe('work-time exports', () => {
  let exportId: number

  it('exports approved paid time of the coordinator’s users and offers the CSV', async () => {
    const created = await coordinator.post('coordinator/worktime-exports/', JUNE)
    expect(created.statusCode).toBe(201)
    // 4 hours of work earn 20 minutes of the approved hour of break.
    const paid = 4 * 3600 + 20 * 60
    expect(created.json()).toMatchObject({
      status: 'FINISHED',
      progress: 100,
      rows_count: 1,
      total_seconds: paid,
    })
    exportId = created.json().id
    const detail = await coordinator.get(`coordinator/worktime-exports/${exportId}/`)
    expect(detail.json().rows).toEqual([
      {
        user: expect.objectContaining({ id: ours.id, username: ours.username }),
        worktime_seconds: paid,
      },
    ])
    const file = await coordinator.get(`coordinator/worktime-exports/${exportId}/download/`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('text/csv')
    expect(file.body.split('\n')).toEqual([
      'user_id,username,first_name,last_name,worktime_seconds',
      `${ours.id},${ours.username},,,${paid}`,
      '',
    ])
  })

  it('lets staff export everyone, filtered by group', async () => {
    const everyone = await staff.post('coordinator/worktime-exports/', JUNE)
    expect(everyone.json().rows_count).toBe(2)
    const grouped = await staff.post('coordinator/worktime-exports/', {
      ...JUNE,
      groups: [ourGroup],
    })
    expect(grouped.json().rows_count).toBe(1)
  })

  it('lists, counts and deletes the caller’s exports only', async () => {
    const list = await coordinator.get('coordinator/worktime-exports/')
    expect(list.json().count).toBe(1)
    expect((await staff.get('coordinator/worktime-exports/stats/')).json()).toEqual({
      count: 3,
      processing: 0,
      finished: 3,
      failed: 0,
    })
    const files = listFiles(t.mediaDir).length
    const staffExport = (await staff.get('coordinator/worktime-exports/')).json().results[0].id
    expect(
      (await coordinator.delete(`coordinator/worktime-exports/${staffExport}/`)).statusCode,
    ).toBe(404)
    expect((await coordinator.delete(`coordinator/worktime-exports/${exportId}/`)).statusCode).toBe(
      204,
    )
    expect(listFiles(t.mediaDir)).toHaveLength(files - 1)
  })

  it('refuses users outside the coordinator’s groups, bad ranges and other roles', async () => {
    const outside = await coordinator.post('coordinator/worktime-exports/', {
      ...JUNE,
      users: [theirs.id],
    })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().fields).toHaveProperty('users')
    const backwards = await coordinator.post('coordinator/worktime-exports/', {
      start: JUNE.end,
      end: JUNE.start,
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fields).toHaveProperty('end')
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('coordinator/worktime-exports/')).statusCode).toBe(403)
  })
})
