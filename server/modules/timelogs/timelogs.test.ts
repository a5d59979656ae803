import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLOCK_OFFSET_TOLERANCE_SECONDS,
  LATE_ARRIVAL_LIMIT_HOURS,
  TIMELOG_STATUS,
} from '../../../contract/worktime-rules'
import {
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  timeLogIntervals,
  timelogTypes,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import {
  type ApiClient,
  anonymousClient,
  type SignedInClient,
  signIn,
} from '../../test/session-client'
import {
  addWorker,
  claimPath,
  type Scenario,
  seedScenario,
  type WorkerClient,
} from '../worker-tasks/test-fixtures'

const MINUTE = 60_000
const iso = (ms: number) => new Date(ms).toISOString()
/** Whole seconds, so spans measured from it come out in whole seconds. */
const BASE = Math.floor(Date.now() / 1000) * 1000

let t: TestApp
let scenario: Scenario
let coordinator: SignedInClient
let staff: SignedInClient
let reviewer: SignedInClient
let own: WorkerClient
let managed: WorkerClient
let foreign: WorkerClient
let ownSetId: number
let workType: number
let breakType: number

/** A real TASK sample of one minute ending `minutesAgo` before now, sent with a true clock. */
const sampleAt = (minutesAgo: number, extra: Record<string, unknown> = {}) => {
  const now = BASE
  return {
    mouse_moves: 10,
    mouse_clicks: 2,
    key_clicks: 0,
    url: `/tasks/${scenario.task.id}`,
    source: 'TASK',
    task: scenario.task.id,
    client_uuid: randomUUID(),
    started_at: iso(now - (minutesAgo + 1) * MINUTE),
    ended_at: iso(now - minutesAgo * MINUTE),
    sent_at: iso(Date.now()),
    ...extra,
  }
}

const intervalsOf = async (client: ApiClient, query: Record<string, string> = {}) => {
  const response = await client.get('timelogs/intervals/', { query })
  expect(response.statusCode).toBe(200)
  return response.json().results as { id: number; status: number; duration_seconds: number }[]
}

beforeAll(async () => {
  t = await createTestApp()
  scenario = await seedScenario(t.db, { items: 4, type: { itemsPerSet: 2 } })
  const [coordinated, managedGroup, foreignGroup] = await t.db
    .insert(endworkerGroups)
    .values([
      { name: 'tl-coordinated', coordinationGroup: true, taskGroup: false },
      { name: 'tl-managed', taskGroup: false },
      { name: 'tl-foreign', coordinationGroup: true, taskGroup: false },
    ])
    .returning()
  await t.db
    .insert(coordinationManagedGroups)
    .values({ coordinationGroupId: coordinated!.id, managedGroupId: managedGroup!.id })
  coordinator = await signIn(t, { roles: ['coordinator'] })
  staff = await signIn(t, { roles: ['staff'] })
  reviewer = await signIn(t, { roles: ['reviewer'] })
  await t.db
    .insert(groupCoordinators)
    .values({ groupId: coordinated!.id, userId: coordinator.user.id })
  own = await addWorker(t.app, scenario)
  managed = await addWorker(t.app, scenario)
  foreign = await addWorker(t.app, scenario)
  await t.db.insert(endworkerGroupMembers).values([
    { groupId: coordinated!.id, userId: own.user.id },
    { groupId: managedGroup!.id, userId: managed.user.id },
    { groupId: foreignGroup!.id, userId: foreign.user.id },
  ])
  ownSetId = (await own.post(claimPath(scenario.task.id))).json().id
  const types = await t.db
    .insert(timelogTypes)
    .values([
      { name: 'Training', isBonusBreak: false },
      { name: 'Break', isBonusBreak: true },
    ])
    .returning()
  workType = types[0]!.id
  breakType = types[1]!.id
})
afterAll(() => t.close())

describe('activity samples', () => {
  it('stores a sample, counts a replay once and builds one interval of joined samples', async () => {
    const first = sampleAt(30)
    const created = await own.post('timelogs/submit-activity/', first)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ replayed: false, pending_reason: null })
    const replay = await own.post('timelogs/submit-activity/', first)
    expect(replay.statusCode).toBe(200)
    expect(replay.json().replayed).toBe(true)
    const batch = await own.post('timelogs/submit-activity/batch/', {
      samples: [sampleAt(28), sampleAt(29), first],
      sent_at: iso(Date.now()),
    })
    expect(batch.statusCode).toBe(201)
    expect(batch.json()).toMatchObject({ stored: 2, replayed: 1 })
    const intervals = await intervalsOf(own, { user: String(own.user.id) })
    expect(intervals).toHaveLength(1)
    expect(intervals[0]).toMatchObject({ status: TIMELOG_STATUS.AUTOMATIC, duration_seconds: 180 })
  })

  it('accepts the spec payload without device times', async () => {
    const response = await managed.post('timelogs/submit-activity/', {
      mouse_moves: 0,
      mouse_clicks: 0,
      key_clicks: 3,
      url: '/review',
      source: 'REVIEW',
    })
    expect(response.statusCode).toBe(201)
    const intervals = await intervalsOf(managed)
    expect(intervals[0]?.duration_seconds).toBe(60)
  })

  it('keeps a sample naming a task that no longer exists, without the reference', async () => {
    const response = await managed.post(
      'timelogs/submit-activity/',
      sampleAt(200, { task: 999_999, item_set: 999_998, protocol: 999_997 }),
    )
    expect(response.statusCode).toBe(201)
    // Later than everything stored: it extends instead of rebuilding.
    const later = await managed.post('timelogs/submit-activity/', {
      ...sampleAt(0, { task: 999_999 }),
      started_at: iso(Date.now() - 500),
      ended_at: iso(Date.now()),
    })
    expect(later.statusCode).toBe(201)
    const [interval] = await intervalsOf(managed, { ordering: 'start' })
    expect(interval).toMatchObject({ task: null, item_set: null, protocol: null })
  })

  it('stores a sample that is not real activity without building from it', async () => {
    const response = await foreign.post(
      'timelogs/submit-activity/',
      sampleAt(5, { mouse_clicks: 4, mouse_moves: 0 }),
    )
    expect(response.statusCode).toBe(201)
    expect(await intervalsOf(foreign)).toEqual([])
  })

  it('stores no interval of activity spanning less than a second, and lists none stored before', async () => {
    const brief = await addWorker(t.app, scenario)
    // One click on a page of no task, right before sign-out: the sample spans 300 ms.
    const response = await brief.post('timelogs/submit-activity/', {
      ...sampleAt(3, { source: 'OTHER', url: '/timelogs/', task: undefined, mouse_moves: 0 }),
      started_at: iso(BASE - 3 * MINUTE - 300),
      ended_at: iso(BASE - 3 * MINUTE),
    })
    expect(response.statusCode).toBe(201)
    const rows = () =>
      t.db.select().from(timeLogIntervals).where(eq(timeLogIntervals.userId, brief.user.id))
    expect(await rows()).toEqual([])

    // One such row stored before the rule left them out.
    await t.db.insert(timeLogIntervals).values({
      userId: brief.user.id,
      sourceType: 'OTHER',
      startAt: new Date(BASE - 2 * MINUTE),
      endAt: new Date(BASE - 2 * MINUTE),
      url: '/timelogs/',
      status: TIMELOG_STATUS.AUTOMATIC,
    })
    expect(await rows()).toHaveLength(1)
    expect(await intervalsOf(brief)).toEqual([])
    expect(await intervalsOf(staff, { user: String(brief.user.id) })).toEqual([])
  })

  it('makes pending intervals of an untrusted clock and of late arrivals, with the reason', async () => {
    const skew = (CLOCK_OFFSET_TOLERANCE_SECONDS + 60) * 1000
    const now = Date.now()
    const skewed = await foreign.post('timelogs/submit-activity/', {
      ...sampleAt(0),
      started_at: iso(now + skew - 3 * MINUTE),
      ended_at: iso(now + skew - 2 * MINUTE),
      sent_at: iso(now + skew),
    })
    expect(skewed.json().pending_reason).toBe('CLOCK_OFFSET')
    const yearAhead = now + 365 * 24 * 60 * MINUTE
    const farOff = await foreign.post('timelogs/submit-activity/', {
      ...sampleAt(0, { mouse_moves: 0, mouse_clicks: 0 }),
      started_at: iso(yearAhead - MINUTE),
      ended_at: iso(yearAhead),
      sent_at: iso(yearAhead),
    })
    expect(farOff.statusCode).toBe(201)
    expect(farOff.json().pending_reason).toBe('CLOCK_OFFSET')
    const lateEnd = now - (LATE_ARRIVAL_LIMIT_HOURS + 1) * 60 * MINUTE
    const late = await foreign.post('timelogs/submit-activity/', {
      ...sampleAt(0),
      started_at: iso(lateEnd - MINUTE),
      ended_at: iso(lateEnd),
    })
    expect(late.json().pending_reason).toBe('LATE_ARRIVAL')
    const rows = await foreign.get('timelogs/intervals/', { query: { ordering: 'start' } })
    expect(
      rows.json().results.map((row: { pending_reason: string }) => row.pending_reason),
    ).toEqual(['LATE_ARRIVAL', 'CLOCK_OFFSET'])
    const skewedInterval = rows.json().results[1]
    expect(Date.parse(skewedInterval.end)).toBeCloseTo(now - 2 * MINUTE, -4)
  })

  it('stores transitions idempotently', async () => {
    const body = {
      source_event: { source: 'TASK', url: '/tasks/1' },
      target_event: { source: 'PROTOCOL', url: '/protocol/1' },
      client_uuid: randomUUID(),
      occurred_at: iso(Date.now()),
      sent_at: iso(Date.now()),
    }
    expect((await own.post('timelogs/submit-activity-transition/', body)).statusCode).toBe(201)
    expect((await own.post('timelogs/submit-activity-transition/', body)).statusCode).toBe(200)
  })

  it('refuses bad bodies with the field names, and visitors', async () => {
    const bad = await own.post('timelogs/submit-activity/', {
      ...sampleAt(1),
      mouse_moves: -1,
      source: 'NAP',
      ended_at: iso(Date.now() - 10 * MINUTE),
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['mouse_moves', 'source']),
    )
    const reversed = await own.post('timelogs/submit-activity/', {
      ...sampleAt(1),
      started_at: iso(Date.now()),
      ended_at: iso(Date.now() - MINUTE),
    })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().fields).toHaveProperty('ended_at')
    const visitor = await anonymousClient(t)
    expect((await visitor.post('timelogs/submit-activity/', sampleAt(1))).statusCode).toBe(401)
  })
})

describe('manual intervals and decisions', () => {
  let manualId: number
  let breakId: number

  it('offers the types and what the worker worked on', async () => {
    const response = await own.options('timelogs/intervals/')
    expect(response.statusCode).toBe(200)
    const options = response.json()
    expect(options.timelog_types.map((type: { id: number }) => type.id)).toEqual(
      expect.arrayContaining([workType, breakType]),
    )
    expect(options.item_sets.map((set: { id: number }) => set.id)).toContain(ownSetId)
    expect(options.tasks).toEqual([{ id: scenario.task.id, name: scenario.task.description }])
  })

  it('logs time by hand as pending, refusing what the worker never worked on', async () => {
    const now = Date.now()
    const created = await own.post('timelogs/intervals/', {
      timelog_type: workType,
      start: iso(now - 5 * 60 * MINUTE),
      end: iso(now - 4 * 60 * MINUTE),
      task: scenario.task.id,
      item_set: ownSetId,
      comment: 'Training call',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ status: TIMELOG_STATUS.PENDING, duration_seconds: 3600 })
    manualId = created.json().id
    const breakLog = await own.post('timelogs/intervals/', {
      timelog_type: breakType,
      start: iso(now - 4 * 60 * MINUTE),
      end: iso(now - 4 * 60 * MINUTE + 10 * MINUTE),
    })
    breakId = breakLog.json().id
    const refused = await foreign.post('timelogs/intervals/', {
      timelog_type: workType,
      start: iso(now - 2 * MINUTE),
      end: iso(now - MINUTE),
      item_set: ownSetId,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toHaveProperty('item_set')
    const reversed = await own.post('timelogs/intervals/', {
      timelog_type: 999_999,
      start: iso(now),
      end: iso(now - MINUTE),
    })
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().fields).toHaveProperty('end')
  })

  it('counts pending logs, own and all', async () => {
    const own_ = await own.get('timelogs/intervals/own-pending-count/')
    expect(own_.json()).toEqual({ count: 2 })
    const counted = await coordinator.get('timelogs/intervals/count/', {
      query: { user: String(own.user.id) },
    })
    expect(counted.json()).toEqual({ count: 3, all_pending_count: 2 })
    const everything = await staff.get('timelogs/intervals/count/', {
      query: { status: '0' },
    })
    expect(everything.json().count).toBe(4)
  })

  it('lets only coordinators of the user decide', async () => {
    expect((await own.patch(`timelogs/intervals/${manualId}/`, { status: 2 })).statusCode).toBe(403)
    expect(
      (await reviewer.patch(`timelogs/intervals/${manualId}/`, { status: 2 })).statusCode,
    ).toBe(403)
    const [foreignPending] = await t.db
      .select({ id: timeLogIntervals.id })
      .from(timeLogIntervals)
      .where(eq(timeLogIntervals.userId, foreign.user.id))
    const outside = await coordinator.post('timelogs/intervals/bulk-status/', {
      ids: [manualId, foreignPending!.id],
      status: 2,
    })
    expect(outside.statusCode).toBe(403)
    expect(outside.json().detail).toContain(String(foreignPending!.id))
    const untouched = await own.get('timelogs/intervals/own-pending-count/')
    expect(untouched.json()).toEqual({ count: 2 })
    const bad = await coordinator.patch(`timelogs/intervals/${manualId}/`, { status: 1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('status')
    const accepted = await coordinator.post('timelogs/intervals/bulk-status/', {
      ids: [manualId, breakId],
      status: TIMELOG_STATUS.ACCEPTED,
      comment: 'Thanks',
    })
    expect(accepted.json()).toEqual({ updated: 2 })
    const again = await coordinator.patch(`timelogs/intervals/${manualId}/`, { status: 3 })
    expect(again.statusCode).toBe(400)
  })

  it('answers stats with paid time from the shared rule', async () => {
    const response = await own.get('timelogs/stats/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      tasks_time: 3600 + 180,
      total_logged: 3600 + 180,
      bonus_breaks_time: 600,
      paid_time: 3600 + 180 + 315,
      pending_time: 0,
    })
    const clipped = await own.get('timelogs/stats/', {
      query: { start: iso(Date.now() - 4.5 * 60 * MINUTE), end: iso(Date.now()) },
    })
    expect(clipped.json().total_logged).toBeCloseTo(1800 + 180, -1)
    expect(
      (await coordinator.get('timelogs/stats/', { query: { user: String(own.user.id) } }))
        .statusCode,
    ).toBe(200)
    expect(
      (await coordinator.get('timelogs/stats/', { query: { user: String(foreign.user.id) } }))
        .statusCode,
    ).toBe(403)
    expect(
      (await own.get('timelogs/stats/', { query: { user: String(managed.user.id) } })).statusCode,
    ).toBe(403)
    expect(
      (await staff.get('timelogs/stats/', { query: { user: String(foreign.user.id) } })).json()
        .pending_time,
    ).toBe(120)
  })

  it('lets a worker delete only their own pending logs', async () => {
    const now = Date.now()
    const created = await own.post('timelogs/intervals/', {
      timelog_type: workType,
      start: iso(now - 60 * MINUTE),
      end: iso(now - 50 * MINUTE),
    })
    const id = created.json().id
    expect((await managed.delete(`timelogs/intervals/${id}/`)).statusCode).toBe(404)
    expect((await own.delete(`timelogs/intervals/${manualId}/`)).statusCode).toBe(403)
    expect((await own.delete(`timelogs/intervals/${id}/`)).statusCode).toBe(204)
  })
})

describe('interval lists', () => {
  it('shows a worker only their own logs', async () => {
    const mine = await intervalsOf(own)
    expect(mine.length).toBeGreaterThan(0)
    expect(
      (await own.get('timelogs/intervals/', { query: { user: String(managed.user.id) } }))
        .statusCode,
    ).toBe(403)
  })

  it('shows a coordinator the users of their groups, staff everyone', async () => {
    const seen = (rows: { user: { id: number } }[]) => new Set(rows.map((row) => row.user.id))
    const coordinated = (await coordinator.get('timelogs/intervals/')).json().results
    expect(seen(coordinated)).toEqual(new Set([own.user.id, managed.user.id]))
    const everyone = (await staff.get('timelogs/intervals/', { query: { limit: '50' } })).json()
      .results
    expect(seen(everyone)).toEqual(new Set([own.user.id, managed.user.id, foreign.user.id]))
    const [foreignGroup] = await t.db
      .select()
      .from(endworkerGroups)
      .where(eq(endworkerGroups.name, 'tl-foreign'))
    expect(
      (
        await coordinator.get('timelogs/intervals/', {
          query: { coordination_group: String(foreignGroup!.id) },
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await staff.get('timelogs/intervals/', {
          query: { coordination_group: String(foreignGroup!.id) },
        })
      ).json().count,
    ).toBe(2)
  })

  it('searches, filters by status and pages', async () => {
    const found = await coordinator.get('timelogs/intervals/', {
      query: { search: 'thanks', status: String(TIMELOG_STATUS.ACCEPTED) },
    })
    expect(found.json().count).toBe(2)
    const paged = await staff.get('timelogs/intervals/', {
      query: { limit: '1', ordering: '-duration' },
    })
    expect(paged.json().results[0].duration_seconds).toBe(3600)
    expect(paged.json().next).toContain('offset=1')
  })

  it('groups intervals by user, day, source and status in the flat variant', async () => {
    const response = await own.get('timelogs/intervals/', { query: { flat: 'true', tz: '5.5' } })
    expect(response.statusCode).toBe(200)
    const groups = response.json().results
    const total = groups.reduce(
      (sum: number, group: { ids: number[] }) => sum + group.ids.length,
      0,
    )
    expect(total).toBe((await intervalsOf(own, { limit: '50' })).length)
    expect(groups[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('answers active and pending days in the asked time zone', async () => {
    const active = await foreign.get('timelogs/intervals/active-days/', { query: { tz: '0' } })
    const pending = await foreign.get('timelogs/intervals/pending-days/', { query: { tz: '0' } })
    const today = new Date().toISOString().slice(0, 10)
    expect(active.json().days).toContain(today)
    expect(pending.json().days).toHaveLength(2)
    const bad = await foreign.get('timelogs/intervals/active-days/', {
      query: { tz: 'Europe/Paris' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toHaveProperty('tz')
  })
})
