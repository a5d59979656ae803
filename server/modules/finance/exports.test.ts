import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { timeLogIntervals, timelogTypes } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import {
  anonymousClient,
  createUser,
  type SignedInClient,
  signIn,
  type TestUser,
} from '../../test/session-client'

let t: MediaTestApp
let manager: SignedInClient
let worker: TestUser
let raisedRatio: number

const PERIOD = {
  date_from: '2026-01-10',
  date_to: '2026-01-12',
  time_zone: 'Europe/Warsaw',
  users: [] as number[],
}

beforeAll(async () => {
  t = await createTestAppWithMedia('finance-exports')
  manager = await signIn(t, { roles: ['finance_manager'] })
  worker = await createUser(t.db, { roles: ['endworker'] })
  PERIOD.users = [worker.id]
  const [bonusBreak] = await t.db
    .insert(timelogTypes)
    .values({ name: 'Bonus break', isBonusBreak: true })
    .returning()
  const interval = (start: string, end: string, status: number, timelogTypeId?: number) => ({
    userId: worker.id,
    sourceType: 'TASK' as const,
    startAt: new Date(start),
    endAt: new Date(end),
    status,
    timelogTypeId,
  })
  // Warsaw is UTC+1 in January.
  await t.db.insert(timeLogIntervals).values([
    // 10 Jan: 2 h of work.
    interval('2026-01-10T08:00:00Z', '2026-01-10T10:00:00Z', TIMELOG_STATUS.AUTOMATIC),
    // Rejected and pending time is not paid.
    interval('2026-01-10T10:00:00Z', '2026-01-10T10:30:00Z', TIMELOG_STATUS.REJECTED),
    interval('2026-01-10T12:00:00Z', '2026-01-10T13:00:00Z', TIMELOG_STATUS.PENDING),
    // A 15 min bonus break, of which the 2 h of work earned 10 min.
    interval(
      '2026-01-10T10:30:00Z',
      '2026-01-10T10:45:00Z',
      TIMELOG_STATUS.ACCEPTED,
      bonusBreak!.id,
    ),
    // 23:00 on 11 Jan to 02:00 on 12 Jan in Warsaw: 1 h on the 11th, 2 h on the 12th.
    interval('2026-01-11T22:00:00Z', '2026-01-12T01:00:00Z', TIMELOG_STATUS.ACCEPTED),
    // 23:30 on 12 Jan to 00:30 on 13 Jan in Warsaw: only the first half is in the period.
    interval('2026-01-12T22:30:00Z', '2026-01-12T23:30:00Z', TIMELOG_STATUS.AUTOMATIC),
  ])
  // The ratio changes in the middle of the period.
  for (const input of [
    { ratio: 100, valid_from: '2026-01-01' },
    { ratio: 150, valid_from: '2026-01-11' },
  ]) {
    const response = await manager.post('finance/ratio-intervals/', { user: worker.id, ...input })
    expect(response.statusCode).toBe(201)
    raisedRatio = response.json().id
  }
})
afterAll(() => t.close())

async function runExport() {
  const response = await manager.post('finance/exports/', PERIOD)
  expect(response.statusCode).toBe(201)
  expect(response.json().status).toBe('FINISHED')
  const detail = await manager.get(`finance/exports/${response.json().id}/`)
  expect(detail.statusCode).toBe(200)
  return detail.json()
}

describe('finance exports', () => {
  let firstExport: number

  it('computes approved work, paid breaks, the ratio of each day and paid time × ratio', async () => {
    const detail = await runExport()
    firstExport = detail.id
    // 10 Jan: 7200 s work + 600 s break = 7800 s at 100 %.
    // 11 Jan: 3600 s at 150 % = 5400. 12 Jan: 7200 + 1800 = 9000 s at 150 % = 13500.
    expect(detail.totals).toEqual({
      work_seconds: 19_800,
      paid_bonus_break_seconds: 600,
      paid_seconds: 20_400,
      weighted_seconds: 26_700,
    })
    expect(detail).toMatchObject({ users_count: 1, progress: 100, corrections_count: 0 })
    expect(detail.user_totals).toEqual([
      {
        user: worker.username,
        work_seconds: 19_800,
        paid_bonus_break_seconds: 600,
        paid_seconds: 20_400,
        weighted_seconds: 26_700,
      },
    ])

    const file = await manager.get(`finance/exports/${firstExport}/download/`)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('text/csv')
    const lines = file.body.trim().split('\n')
    expect(lines[0]).toBe(
      'kind,user_id,username,day,approved_work_seconds,paid_bonus_break_seconds,paid_seconds,ratio_percent,paid_seconds_times_ratio,previous_paid_seconds,previous_ratio_percent,previous_paid_seconds_times_ratio',
    )
    expect(lines.slice(1)).toEqual([
      `day,${worker.id},${worker.username},2026-01-10,7200,600,7800,100,7800,,,`,
      `day,${worker.id},${worker.username},2026-01-11,3600,0,3600,150,5400,,,`,
      `day,${worker.id},${worker.username},2026-01-12,9000,0,9000,150,13500,,,`,
      `total,${worker.id},${worker.username},,19800,600,20400,,26700,,,`,
    ])
  })

  it('locks an exported period: a change there is a correction the next export lists', async () => {
    const change = { user: worker.id, ratio: 120, valid_from: '2026-01-11', valid_to: null }
    const refused = await manager.put(`finance/ratio-intervals/${raisedRatio}/`, change)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.correct_exported[0]).toContain(
      `finance export #${firstExport} already paid this user's 2026-01-11`,
    )
    const deleteRefused = await manager.delete(`finance/ratio-intervals/${raisedRatio}/`)
    expect(deleteRefused.statusCode).toBe(400)
    // Days after the exported ones are free to change.
    const later = await manager.post(`finance/ratio-intervals/${raisedRatio}/end/`, {
      valid_to: '2026-06-30',
    })
    expect(later.statusCode).toBe(200)

    const corrected = await manager.put(`finance/ratio-intervals/${raisedRatio}/`, {
      ...change,
      valid_to: '2026-06-30',
      correct_exported: true,
    })
    expect(corrected.statusCode).toBe(200)

    const detail = await runExport()
    expect(detail).toMatchObject({ previous_export: firstExport, corrections_count: 2 })
    expect(detail.totals.weighted_seconds).toBe(7800 + 4320 + 10_800)
    expect(detail.corrections).toEqual([
      {
        user: worker.username,
        day: '2026-01-11',
        previous: { paid_seconds: 3600, ratio: 150 },
        current: { paid_seconds: 3600, ratio: 120 },
        previous_weighted_seconds: 5400,
        weighted_seconds: 4320,
      },
      {
        user: worker.username,
        day: '2026-01-12',
        previous: { paid_seconds: 9000, ratio: 150 },
        current: { paid_seconds: 9000, ratio: 120 },
        previous_weighted_seconds: 13_500,
        weighted_seconds: 10_800,
      },
    ])
    const file = await manager.get(`finance/exports/${detail.id}/download/`)
    expect(file.body).toContain(
      `correction,${worker.id},${worker.username},2026-01-11,,,3600,120,4320,3600,150,5400`,
    )

    const listed = await manager.get('finance/exports/')
    expect(listed.json()).toMatchObject({ count: 2 })
    expect(listed.json().results[0]).toMatchObject({ id: detail.id, author: manager.user.username })
  })

  it('counts the days a closed open interval gives up as changed', async () => {
    const other = await createUser(t.db, { roles: ['endworker'] })
    await t.db.insert(timeLogIntervals).values({
      userId: other.id,
      sourceType: 'TASK',
      startAt: new Date('2026-01-12T09:00:00Z'),
      endAt: new Date('2026-01-12T10:00:00Z'),
      status: TIMELOG_STATUS.ACCEPTED,
    })
    const open = { user: other.id, ratio: 100, valid_from: '2026-01-01' }
    expect((await manager.post('finance/ratio-intervals/', open)).statusCode).toBe(201)
    const exported = await manager.post('finance/exports/', { ...PERIOD, users: [other.id] })
    expect(exported.json()).toMatchObject({ status: 'FINISHED', users_count: 1 })

    // Ends before the exported 12th, yet closes the open interval that paid it.
    const early = { user: other.id, ratio: 90, valid_from: '2026-01-05', valid_to: '2026-01-06' }
    const refused = await manager.post('finance/ratio-intervals/', early)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.correct_exported[0]).toContain(
      "already paid this user's 2026-01-12",
    )
  })

  it('refuses a period that ends before it starts and an unknown time zone', async () => {
    const backwards = await manager.post('finance/exports/', {
      ...PERIOD,
      date_from: '2026-02-01',
      date_to: '2026-01-01',
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fields).toHaveProperty('date_to')
    const zone = await manager.post('finance/exports/', { ...PERIOD, time_zone: 'Mars/Olympus' })
    expect(zone.statusCode).toBe(400)
    expect(zone.json().fields).toHaveProperty('time_zone')
  })

  it('refuses a zone the browser knows but the database would read differently', async () => {
    // An offset zone is valid to Intl; the database would read "+01:00" as a POSIX zone, an hour west.
    const offset = await manager.post('finance/exports/', { ...PERIOD, time_zone: '+01:00' })
    expect(offset.statusCode).toBe(400)
    expect(offset.json().fields.time_zone).toEqual([
      expect.stringMatching(/does not know this time zone/),
    ])
  })
})

describe('finance permissions', () => {
  const calls = (year: number): [string, string, unknown?][] => [
    ['GET', 'finance/ratio-intervals/'],
    [
      'POST',
      'finance/ratio-intervals/',
      { user: worker.id, ratio: 100, valid_from: `${year}-01-01` },
    ],
    ['GET', 'finance/master-files/'],
    ['GET', 'finance/exports/'],
    ['POST', 'finance/exports/', PERIOD],
    ['GET', 'finance/users/'],
    ['GET', 'finance/options/'],
  ]

  it('lets finance managers and staff in, and answers 403 to every other role', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    for (const [index, client] of [manager, staff].entries()) {
      for (const [method, url, body] of calls(2030 + index)) {
        const response = await client.request(method as 'GET', url, body)
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(300)
      }
    }
    for (const role of ['endworker', 'reviewer', 'client', 'coordinator'] as const) {
      const client = await signIn(t, { roles: [role] })
      for (const [method, url, body] of [
        ...calls(2040),
        ['PUT', `finance/ratio-intervals/${raisedRatio}/`, {}],
        ['DELETE', `finance/ratio-intervals/${raisedRatio}/`],
        ['POST', 'finance/master-files/', {}],
        ['GET', 'finance/exports/1/download/'],
      ] as [string, string, unknown?][]) {
        const response = await client.request(method as 'GET', url, body)
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403)
      }
    }
    const anonymous = await anonymousClient(t)
    expect((await anonymous.get('finance/exports/')).statusCode).toBe(401)
  })
})
