import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  profileLanguages,
  taskTypeGroups,
  taskTypes,
  taskTypeUsers,
  timeLogIntervals,
} from '../../../db/schema'
import { TIMELOG_STATUS } from '../../../db/schema/enums'
import { createTestApp, type TestApp } from '../../../test/harness'
import { createUser, type SignedInClient, signIn, signInAs } from '../../../test/session-client'
import { type Definitions, seedTask, seedWorkspace } from '../test-fixtures'

const day = (n: number, hour = 12) => new Date(Date.UTC(2030, 0, n, hour))

describe('GET /client/tasks/{id}/stats/', () => {
  let t: TestApp
  let client: SignedInClient
  let own: Definitions

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'] })
    own = await seedWorkspace(t.db, [client.user.id], { annotationsPerItem: 1 })
  })
  afterAll(() => t.close())

  it('counts items, annotations, workers, work time and done annotations per day', async () => {
    const ann = await createUser(t.db, { username: 'ann', roles: ['endworker'] })
    const bob = await createUser(t.db, { username: 'Bob', roles: ['endworker', 'staff'] })
    const cid = await createUser(t.db, { username: 'cid', roles: ['endworker'] })
    const { task } = await seedTask(t.db, own, {
      status: 'IN_PROGRESS',
      items: [
        {
          annotations: [
            { userId: ann.id, isDone: true, lockedAt: day(3, 9), modifiedAt: day(3, 9) },
            { userId: bob.id, isDone: true, lockedAt: day(1, 23), modifiedAt: day(4) },
          ],
        },
        { annotations: [{ userId: ann.id, isDone: true, lockedAt: day(3, 18) }] },
        { annotations: [{ userId: bob.id, errors: { transcript: ['Empty.'] } }] },
        {},
      ],
    })
    const interval = (
      userId: number,
      minutes: number,
      status: number = TIMELOG_STATUS.ACCEPTED,
    ) => ({
      userId,
      sourceType: 'TASK' as const,
      taskId: task.id,
      startAt: day(3),
      endAt: new Date(day(3).getTime() + minutes * 60_000),
      status,
    })
    await t.db
      .insert(timeLogIntervals)
      .values([
        interval(ann.id, 30),
        interval(ann.id, 15, TIMELOG_STATUS.PENDING),
        interval(ann.id, 600, TIMELOG_STATUS.REJECTED),
        interval(cid.id, 5),
      ])

    const response = await client.get(`client/tasks/${task.id}/stats/`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      total_items: 4,
      done_items: 2,
      total_annotations: 4,
      endworkers_involved: 2,
      endworker_stats: [
        {
          id: ann.id,
          username: 'ann',
          is_staff: false,
          annotations_done: 2,
          annotations_failed: 0,
          worktime: 30 * 60,
          last_annotation: expect.any(String),
        },
        {
          id: bob.id,
          username: 'Bob',
          is_staff: true,
          annotations_done: 1,
          annotations_failed: 1,
          worktime: 0,
          last_annotation: expect.any(String),
        },
        {
          id: cid.id,
          username: 'cid',
          is_staff: false,
          annotations_done: 0,
          annotations_failed: 0,
          worktime: 300,
          last_annotation: null,
        },
      ],
      available_endworkers: 0,
      annotations_histogram: [
        { timestamp: '2030-01-01T00:00:00.000Z', annotations_count: 1 },
        { timestamp: '2030-01-03T00:00:00.000Z', annotations_count: 2 },
      ],
    })
  })

  it('counts as available exactly the end workers whose task list shows the task', async () => {
    const type = await seedWorkspace(t.db, [client.user.id])
    const [group, reviewOnly] = await t.db
      .insert(endworkerGroups)
      .values([
        { name: 'stats-task-group', taskGroup: true },
        { name: 'stats-review-group', taskGroup: false, reviewGroup: true },
      ])
      .returning()
    await t.db.insert(taskTypeGroups).values([
      { taskTypeId: type.taskTypeId, groupId: group!.id },
      { taskTypeId: type.taskTypeId, groupId: reviewOnly!.id },
    ])
    const worker = (username: string, options = {}) =>
      createUser(t.db, { username, roles: ['endworker'], ...options })
    const members = {
      polish: await worker('member-pl'),
      english: await worker('member-en'),
      silent: await worker('member-no-languages'),
      blocked: await worker('member-blocked'),
      inactive: await worker('member-inactive', { isActive: false }),
      client: await createUser(t.db, { username: 'member-client', roles: ['client'] }),
    }
    const reviewer = await worker('review-only')
    await t.db
      .insert(endworkerGroupMembers)
      .values([
        ...Object.values(members).map((user) => ({ groupId: group!.id, userId: user.id })),
        { groupId: reviewOnly!.id, userId: reviewer.id },
      ])
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: type.taskTypeId, userId: members.blocked.id, list: 'blacklist' })
    const speakers = [members.polish, members.english, members.blocked, members.inactive, reviewer]
    const profiles = await t.db
      .insert(endworkerProfiles)
      .values(speakers.map((user) => ({ userId: user.id, mainLanguageId: type.languages.en })))
      .returning()
    await t.db
      .insert(profileLanguages)
      .values({ profileId: profiles[0]!.id, languageId: type.languages.pl, isNative: false })

    const signedIn = await Promise.all(
      [members.polish, members.english, members.silent, members.blocked, reviewer].map((user) =>
        signInAs(t, user),
      ),
    )
    /** The count of the stats, and who of the active workers has the task in their list. */
    const availability = async (taskId: number) => {
      const stats = await client.get(`client/tasks/${taskId}/stats/`)
      const seeing: string[] = []
      for (const session of signedIn) {
        const list = (await session.get('endworker/tasks/')).json()
        if (list.results.some((task: { id: number }) => task.id === taskId)) {
          seeing.push(session.user.username)
        }
      }
      return { count: stats.json().available_endworkers, seeing }
    }
    const started = async (settleTargetLang: boolean) =>
      (await seedTask(t.db, type, { settleTargetLang, status: 'IN_PROGRESS' })).task.id

    const anyTarget = await started(false)
    // Base language English; not the blacklisted, inactive, non-worker, review-group or
    // language-less ones.
    expect(await availability(anyTarget)).toEqual({
      count: 2,
      seeing: ['member-pl', 'member-en'],
    })
    // The target language is Polish and settled: only the member who speaks it.
    expect(await availability(await started(true))).toEqual({ count: 1, seeing: ['member-pl'] })
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: type.taskTypeId, userId: members.english.id, list: 'whitelist' })
    expect(await availability(anyTarget)).toEqual({ count: 1, seeing: ['member-en'] })
    // A task type that is not active hides its tasks from everyone.
    await t.db.update(taskTypes).set({ status: 'CREATED' }).where(eq(taskTypes.id, type.taskTypeId))
    expect(await availability(anyTarget)).toEqual({ count: 0, seeing: [] })
  })
})
