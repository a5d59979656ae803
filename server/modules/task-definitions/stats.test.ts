import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { annotations, itemSets, items, taskTypes, timeLogIntervals } from '../../db/schema'
import { TIMELOG_STATUS } from '../../db/schema/enums'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn, type TestUser } from '../../test/session-client'
import { clientOfNewGroup, insertLanguage, insertTask, insertTaskType } from './test-fixtures'

/**
 * One task type with annotations_per_item 2 and three tasks:
 *   A  pl -> en  made 10 Jan, running     items A1, A2 (and a gold item, counted nowhere)
 *   B  pl -> de  made 20 Jan, ended 25 Jan item B1
 *   C  en -> de  made 1 Mar,  running     item C1
 * Workers: ann annotates A1 (15 Jan), A2 (16 Jan), B1 (21 Jan); bob annotates A1 (5 Feb), starts
 * A2 (17 Jan, not done) and does C1 (2 Mar). January is the frame most tests look at.
 */
let t: TestApp
let client: SignedInClient
let taskTypeId: number
let ann: TestUser
let bob: TestUser
const lang: Record<'pl' | 'en' | 'de', number> = { pl: 0, en: 0, de: 0 }
const JANUARY = { timeframe_start: '2024-01-01T00:00:00Z', timeframe_end: '2024-02-01T00:00:00Z' }

const day = (text: string) => new Date(`2024-${text}Z`)

beforeAll(async () => {
  t = await createTestApp()
  const seeded = await clientOfNewGroup(t)
  client = seeded.client
  lang.pl = (await insertLanguage(t.db, 'pl', 'Polish')).id
  lang.en = (await insertLanguage(t.db, 'en', 'English')).id
  lang.de = (await insertLanguage(t.db, 'de', 'German')).id
  const taskType = await insertTaskType(t.db, seeded.group.id)
  taskTypeId = taskType.id
  await t.db.update(taskTypes).set({ annotationsPerItem: 2 }).where(eq(taskTypes.id, taskType.id))
  ann = await createUser(t.db, { username: 'ann' })
  bob = await createUser(t.db, { username: 'bob' })

  const taskA = await insertTask(
    t.db,
    taskType,
    { base: lang.pl, target: lang.en },
    { createdAt: day('01-10T08:00:00') },
  )
  const taskB = await insertTask(
    t.db,
    taskType,
    { base: lang.pl, target: lang.de },
    { createdAt: day('01-20T08:00:00'), endedAt: day('01-25T08:00:00'), status: 'FINISHED' },
  )
  const taskC = await insertTask(
    t.db,
    taskType,
    { base: lang.en, target: lang.de },
    { createdAt: day('03-01T08:00:00') },
  )

  const [a1, a2, b1, c1] = await t.db
    .insert(items)
    .values([
      { taskId: taskA.id, position: 0, data: { prompt: 'a1' } },
      { taskId: taskA.id, position: 1, data: { prompt: 'a2' } },
      { taskId: taskB.id, position: 0, data: { prompt: 'b1' } },
      { taskId: taskC.id, position: 0, data: { prompt: 'c1' } },
      { taskId: taskA.id, position: 2, data: { prompt: 'gold' }, isGold: true },
    ])
    .returning()
  const setOf = async (taskId: number, userId: number) => {
    const [set] = await t.db.insert(itemSets).values({ taskId, userId }).returning()
    return set!.id
  }
  const annotate = async (
    item: { id: number; taskId: number },
    user: TestUser,
    when: string,
    isDone = true,
  ) => {
    const at = day(when)
    await t.db.insert(annotations).values({
      itemId: item.id,
      itemSetId: await setOf(item.taskId, user.id),
      userId: user.id,
      data: { transcript: 'x' },
      isDone,
      lockedAt: isDone ? at : null,
      createdAt: at,
      modifiedAt: at,
    })
  }
  await annotate(a1!, ann, '01-15T10:30:00')
  await annotate(a2!, ann, '01-16T10:30:00')
  await annotate(b1!, ann, '01-21T09:15:00')
  await annotate(a1!, bob, '02-05T12:00:00')
  await annotate(a2!, bob, '01-17T12:00:00', false)
  await annotate(c1!, bob, '03-02T12:00:00')

  const log = (user: TestUser, taskId: number, start: string, end: string, status: number) => ({
    userId: user.id,
    taskId,
    sourceType: 'TASK' as const,
    startAt: day(start),
    endAt: day(end),
    status,
  })
  await t.db.insert(timeLogIntervals).values([
    log(ann, taskA.id, '01-15T10:00:00', '01-15T11:00:00', TIMELOG_STATUS.ACCEPTED),
    log(ann, taskB.id, '01-21T09:00:00', '01-21T09:30:00', TIMELOG_STATUS.PENDING),
    log(ann, taskA.id, '01-16T10:00:00', '01-16T12:00:00', TIMELOG_STATUS.REJECTED),
    // Half of this one falls in February.
    log(bob, taskA.id, '01-31T23:30:00', '02-01T00:30:00', TIMELOG_STATUS.AUTOMATIC),
  ])
})
afterAll(() => t.close())

const get = (path: string, query: Record<string, string> = {}) =>
  client.get(`client/task-types/${taskTypeId}/${path}`, { query })

describe('GET /api/client/task-types/{id}/base-languages/ and target-languages/', () => {
  it('lists the languages the tasks use with task counts', async () => {
    expect((await get('base-languages/')).json()).toEqual([
      { id: lang.en, code: 'en', name: 'English', tasks: 1 },
      { id: lang.pl, code: 'pl', name: 'Polish', tasks: 2 },
    ])
    expect((await get('target-languages/')).json()).toEqual([
      { id: lang.en, code: 'en', name: 'English', tasks: 1 },
      { id: lang.de, code: 'de', name: 'German', tasks: 2 },
    ])
  })
})

describe('GET /api/client/task-types/{id}/language-stats/', () => {
  it('counts tasks running in the frame, their items, done items and annotations', async () => {
    expect((await get('language-stats/', JANUARY)).json()).toEqual([
      {
        id: lang.pl,
        code: 'pl',
        name: 'Polish',
        tasks: 2,
        items: 3,
        done_items: 1,
        annotations: 3,
      },
    ])
    expect((await get('language-stats/', { ...JANUARY, language_type: 'target' })).json()).toEqual([
      {
        id: lang.en,
        code: 'en',
        name: 'English',
        tasks: 1,
        items: 2,
        done_items: 1,
        annotations: 2,
      },
      {
        id: lang.de,
        code: 'de',
        name: 'German',
        tasks: 1,
        items: 1,
        done_items: 0,
        annotations: 1,
      },
    ])
  })

  it('covers all time without a frame', async () => {
    expect((await get('language-stats/')).json()).toEqual([
      {
        id: lang.en,
        code: 'en',
        name: 'English',
        tasks: 1,
        items: 1,
        done_items: 0,
        annotations: 1,
      },
      {
        id: lang.pl,
        code: 'pl',
        name: 'Polish',
        tasks: 2,
        items: 3,
        done_items: 1,
        annotations: 4,
      },
    ])
  })

  it('answers 400 naming the bad parameter', async () => {
    const backwards = await get('language-stats/', {
      timeframe_start: JANUARY.timeframe_end,
      timeframe_end: JANUARY.timeframe_start,
    })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fields).toEqual({ timeframe_end: ['must come after timeframe_start'] })
    const wrongSide = await get('language-stats/', { language_type: 'middle' })
    expect(Object.keys(wrongSide.json().fields)).toEqual(['language_type'])
    const notADate = await get('language-stats/', { timeframe_start: 'yesterday' })
    expect(Object.keys(notADate.json().fields)).toEqual(['timeframe_start'])
  })
})

describe('GET /api/client/task-types/{id}/endworker-stats/', () => {
  it('sums each worker annotations, items and clipped work time in the frame', async () => {
    expect((await get('endworker-stats/', JANUARY)).json()).toEqual([
      {
        id: ann.id,
        username: 'ann',
        annotations_done: 3,
        items: 3,
        worktime: 3600,
        last_annotation: '2024-01-21T09:15:00.000Z',
      },
      {
        id: bob.id,
        username: 'bob',
        annotations_done: 0,
        items: 1,
        worktime: 1800,
        last_annotation: null,
      },
    ])
  })

  it('narrows to tasks of one base or target language', async () => {
    expect((await get('endworker-stats/', { base_language_id: String(lang.en) })).json()).toEqual([
      {
        id: bob.id,
        username: 'bob',
        annotations_done: 1,
        items: 1,
        worktime: 0,
        last_annotation: '2024-03-02T12:00:00.000Z',
      },
    ])
    const german = (await get('endworker-stats/', { target_language_id: String(lang.de) })).json()
    expect(
      german.map((row: { username: string; annotations_done: number; worktime: number }) => [
        row.username,
        row.annotations_done,
        row.worktime,
      ]),
    ).toEqual([
      ['ann', 1, 0],
      ['bob', 1, 0],
    ])
  })

  it('is for clients and staff only', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get(`client/task-types/${taskTypeId}/endworker-stats/`)).statusCode).toBe(
      403,
    )
    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.get(`client/task-types/${taskTypeId}/endworker-stats/`)).statusCode).toBe(
      200,
    )
    expect((await client.get('client/task-types/999999/language-stats/')).statusCode).toBe(404)
  })
})
