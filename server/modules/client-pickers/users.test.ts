import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endworkerGroupMembers,
  endworkerGroups,
  taskTypeGroups,
  taskTypeUsers,
  users,
} from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import { type Definitions, seedTask, seedWorkspace } from '../client-tasks/test-fixtures'

describe('GET /api/client/users/', () => {
  let t: TestApp
  let client: SignedInClient
  let rivalClient: SignedInClient
  let acme: Definitions
  let globex: Definitions
  let rival: Definitions

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'], username: 'carol' })
    const colleague = await createUser(t.db, {
      username: 'ada_l',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada.Lovelace@acme.test',
    })
    const gone = await createUser(t.db, { username: 'anna_gone', isActive: false })
    const forgotten = await createUser(t.db, { username: 'anna_forgotten' })
    await t.db.update(users).set({ anonymizedAt: new Date() }).where(eq(users.id, forgotten.id))
    acme = await seedWorkspace(t.db, [client.user.id, colleague.id, gone.id, forgotten.id])

    // Within reach through acme's task type: its task group, its lists and its tasks' item sets.
    const groupMember = await createUser(t.db, { username: 'joanna', firstName: 'Joanna' })
    const [workers] = await t.db
      .insert(endworkerGroups)
      .values({ name: 'Acme workers' })
      .returning()
    await t.db
      .insert(endworkerGroupMembers)
      .values({ groupId: workers!.id, userId: groupMember.id })
    await t.db.insert(taskTypeGroups).values({ taskTypeId: acme.taskTypeId, groupId: workers!.id })
    const blacklisted = await createUser(t.db, { username: 'anna' })
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: acme.taskTypeId, userId: blacklisted.id, list: 'blacklist' })
    const taker = await createUser(t.db, { username: 'tom' })
    await seedTask(t.db, acme, {
      items: [{ annotations: [{ userId: taker.id, isDone: true, data: { transcript: 'hi' } }] }],
    })

    // A second group of the same client, and a rival's group the client has no part in.
    const globexColleague = await createUser(t.db, { username: 'gus' })
    globex = await seedWorkspace(t.db, [client.user.id, globexColleague.id])
    const rivalColleague = await createUser(t.db, {
      username: 'rita',
      email: 'rita@rival.test',
    })
    rivalClient = await signIn(t, { roles: ['client'], username: 'rhonda' })
    rival = await seedWorkspace(t.db, [rivalColleague.id, rivalClient.user.id])
    const rivalWorker = await createUser(t.db, { username: 'randy' })
    await t.db
      .insert(taskTypeUsers)
      .values({ taskTypeId: rival.taskTypeId, userId: rivalWorker.id, list: 'whitelist' })
    await createUser(t.db, { username: 'stranger' })
  })
  afterAll(() => t.close())

  const choices = async (query: Record<string, string> = {}, as = client) => {
    const response = await as.get('client/users/', { query })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { id: number; username: string; display_name: string }[]
  }
  const usernames = async (query: Record<string, string> = {}, as = client) =>
    (await choices(query, as)).map((user) => user.username)

  it('lists the users within reach of the client groups, without e-mails', async () => {
    expect(await usernames()).toEqual(['ada_l', 'anna', 'carol', 'gus', 'joanna', 'tom'])
    const [ada] = await choices({ search: 'ada_l' })
    expect(ada).toEqual({ id: expect.any(Number), username: 'ada_l', display_name: 'Ada Lovelace' })
  })

  it('keeps out other clients’ people, strangers, and deactivated or anonymized accounts', async () => {
    const listed = await usernames({ limit: '100' })
    for (const outside of ['rita', 'randy', 'stranger', 'anna_gone', 'anna_forgotten']) {
      expect(listed).not.toContain(outside)
    }
    expect(await usernames({}, rivalClient)).toEqual(['randy', 'rhonda', 'rita'])
  })

  it('searches usernames and names anywhere, names starting with the text first', async () => {
    expect(await usernames({ search: 'ANN' })).toEqual(['anna', 'joanna'])
    expect(await usernames({ search: 'lovel' })).toEqual(['ada_l'])
    expect(await usernames({ search: 'ada lovelace' })).toEqual(['ada_l'])
    // The search text's own % and _ are plain characters.
    expect(await usernames({ search: '%' })).toEqual([])
    expect(await usernames({ search: 'a_l' })).toEqual(['ada_l'])
  })

  it('matches an e-mail only as the whole address, and only within reach', async () => {
    expect(await usernames({ search: 'ada.lovelace@ACME.test' })).toEqual(['ada_l'])
    expect(await usernames({ search: 'ada.lovelace@' })).toEqual([])
    expect(await usernames({ search: 'acme.test' })).toEqual([])
    expect(await usernames({ search: 'rita@rival.test' })).toEqual([])
  })

  it('narrows to one client group, and finds no one for a group outside the scope', async () => {
    expect(await usernames({ client_group: String(globex.clientGroupId) })).toEqual([
      'carol',
      'gus',
    ])
    expect(await usernames({ client_group: String(rival.clientGroupId) })).toEqual([])
    expect(await usernames({ client_group: '999999' })).toEqual([])
  })

  it('shows staff every active user, or one client group’s reach', async () => {
    const staff = await signIn(t, { roles: ['staff'], username: 'zed_staff' })
    const all = await usernames({ limit: '100' }, staff)
    expect(all).toEqual(expect.arrayContaining(['rita', 'randy', 'stranger', 'ada_l', 'zed_staff']))
    expect(all).not.toContain('anna_gone')
    expect(await usernames({ search: 'rita@rival.test' }, staff)).toEqual(['rita'])
    expect(await usernames({ client_group: String(rival.clientGroupId) }, staff)).toEqual([
      'randy',
      'rhonda',
      'rita',
    ])
  })

  it('answers at most limit users and refuses a bad limit or search', async () => {
    expect(await usernames({ limit: '2' })).toEqual(['ada_l', 'anna'])
    for (const limit of ['0', '101', 'ten', '-1']) {
      const response = await client.get('client/users/', { query: { limit } })
      expect(response.statusCode, limit).toBe(400)
      expect(Object.keys(response.json().fields)).toEqual(['limit'])
    }
    const long = await client.get('client/users/', { query: { search: 'x'.repeat(201) } })
    expect(long.statusCode).toBe(400)
    expect(Object.keys(long.json().fields)).toEqual(['search'])
    const group = await client.get('client/users/', { query: { client_group: 'acme' } })
    expect(group.statusCode).toBe(400)
  })

  it('refuses users without the client permission', async () => {
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('client/users/')).statusCode).toBe(403)
  })
})
