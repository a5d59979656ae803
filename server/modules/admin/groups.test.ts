import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationKeyGroups, registrationKeys, taskTypeGroups } from '../../db/schema'
import { uniqueName } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import { insertTaskType } from '../task-definitions/test-fixtures'

let t: TestApp
let staff: SignedInClient
let workerId: number
let coordinatorId: number

beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t, { roles: ['staff'] })
  workerId = (await createUser(t.db, { roles: ['endworker'] })).id
  coordinatorId = (await createUser(t.db, { roles: ['coordinator'] })).id
})
afterAll(() => t.close())

const endworkerGroup = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('group'),
  task_group: true,
  review_group: false,
  coordination_group: false,
  members: [workerId],
  coordinators: [],
  managed_groups: [],
  reviewed_by_group: null,
  ...overrides,
})

async function createEndworkerGroup(overrides: Record<string, unknown> = {}) {
  const response = await staff.post('admin/endworker-groups/', endworkerGroup(overrides))
  expect(response.statusCode).toBe(201)
  return response.json()
}

describe('end-worker groups', () => {
  it('creates, lists, replaces and deletes a coordination group with its links', async () => {
    const managed = await createEndworkerGroup()
    const input = endworkerGroup({
      coordination_group: true,
      coordinators: [coordinatorId],
      managed_groups: [managed.id],
    })
    const created = await staff.post('admin/endworker-groups/', input)
    expect(created.statusCode).toBe(201)
    const group = created.json()
    expect(group).toEqual({ id: expect.any(Number), ...input })

    const listed = await staff.get('admin/endworker-groups/', { query: { search: input.name } })
    expect(listed.json()).toMatchObject({ count: 1, results: [group] })

    const replaced = await staff.put(`admin/endworker-groups/${group.id}/`, {
      ...input,
      name: `${input.name} renamed`,
      review_group: true,
      members: [],
    })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json()).toMatchObject({ review_group: true, members: [] })

    expect((await staff.delete(`admin/endworker-groups/${group.id}/`)).statusCode).toBe(204)
    expect((await staff.delete(`admin/endworker-groups/${group.id}/`)).statusCode).toBe(404)
  })

  it('answers field errors for bad input, taken names and links a plain group cannot have', async () => {
    const empty = await staff.post('admin/endworker-groups/', {})
    expect(empty.statusCode).toBe(400)
    expect(Object.keys(empty.json().fields)).toEqual(
      expect.arrayContaining(['name', 'task_group', 'members']),
    )
    const existing = await createEndworkerGroup()
    const taken = await staff.post(
      'admin/endworker-groups/',
      endworkerGroup({ name: existing.name.toUpperCase() }),
    )
    expect(taken.json().fields).toEqual({ name: ['A group of this name exists.'] })
    const coordinators = await staff.post(
      'admin/endworker-groups/',
      endworkerGroup({ coordinators: [coordinatorId] }),
    )
    expect(coordinators.json().fields.coordinators).toBeDefined()
    const self = await staff.put(
      `admin/endworker-groups/${existing.id}/`,
      endworkerGroup({ coordination_group: true, managed_groups: [existing.id] }),
    )
    expect(self.json().fields.managed_groups).toBeDefined()
    const unknownMember = await staff.post(
      'admin/endworker-groups/',
      endworkerGroup({ members: [999_999] }),
    )
    expect(unknownMember.json().fields.members).toBeDefined()
    expect((await staff.put('admin/endworker-groups/999999/', endworkerGroup())).statusCode).toBe(
      404,
    )
  })

  it('names the unknown ids in the field that gives them, and stores nothing', async () => {
    const existing = await createEndworkerGroup({ coordination_group: true })
    const refusals = [
      { field: 'members', value: [workerId, 999_998], message: 'No such accounts: 999998.' },
      { field: 'coordinators', value: [999_997], message: 'No such accounts: 999997.' },
      { field: 'managed_groups', value: [999_996], message: 'No such groups: 999996.' },
      { field: 'reviewed_by_group', value: 999_995, message: 'No such group: 999995.' },
    ]
    for (const { field, value, message } of refusals) {
      const input = endworkerGroup({ coordination_group: true, [field]: value })
      const answers = [
        await staff.post('admin/endworker-groups/', input),
        await staff.put(`admin/endworker-groups/${existing.id}/`, input),
      ]
      for (const answer of answers) {
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toMatchObject({
          code: 'validation_error',
          fields: { [field]: [message] },
        })
      }
      const named = await staff.get('admin/endworker-groups/', { query: { search: input.name } })
      expect(named.json().count).toBe(0)
    }
    const unchanged = await staff.get('admin/endworker-groups/', {
      query: { search: existing.name },
    })
    expect(unchanged.json().results).toEqual([existing])
  })

  it('sets and clears the review group that reviews the work of the group', async () => {
    const reviewers = await createEndworkerGroup({ task_group: false, review_group: true })
    const input = endworkerGroup({ reviewed_by_group: reviewers.id })
    const created = await staff.post('admin/endworker-groups/', input)
    expect(created.statusCode).toBe(201)
    const group = created.json()
    expect(group).toMatchObject({ reviewed_by_group: reviewers.id })
    const listed = await staff.get('admin/endworker-groups/', { query: { search: input.name } })
    expect(listed.json().results).toEqual([group])

    const cleared = await staff.put(`admin/endworker-groups/${group.id}/`, {
      ...input,
      reviewed_by_group: null,
    })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toEqual({ ...group, reviewed_by_group: null })
  })

  it('refuses a review group that is no review group, the group itself or no group', async () => {
    const plain = await createEndworkerGroup()
    const reviewers = await createEndworkerGroup({ review_group: true })
    const refusals = [
      {
        answer: await staff.post(
          'admin/endworker-groups/',
          endworkerGroup({ reviewed_by_group: plain.id }),
        ),
        message: `The group ${plain.name} is not a review group.`,
      },
      {
        answer: await staff.put(
          `admin/endworker-groups/${reviewers.id}/`,
          endworkerGroup({
            name: reviewers.name,
            review_group: true,
            reviewed_by_group: reviewers.id,
          }),
        ),
        message: 'A group cannot review its own work: choose another.',
      },
      {
        answer: await staff.post(
          'admin/endworker-groups/',
          endworkerGroup({ reviewed_by_group: 999_999 }),
        ),
        message: 'No such group: 999999.',
      },
    ]
    for (const { answer, message } of refusals) {
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({
        code: 'validation_error',
        fields: { reviewed_by_group: [message] },
      })
    }
    const unchanged = await staff.get('admin/endworker-groups/', {
      query: { search: reviewers.name },
    })
    expect(unchanged.json().results).toMatchObject([{ id: reviewers.id, reviewed_by_group: null }])
  })

  it('refuses to delete a group task types or registration keys use, naming them', async () => {
    const group = await createEndworkerGroup()
    const clientGroup = (
      await staff.post('admin/client-groups/', { name: uniqueName('client'), members: [] })
    ).json()
    const taskType = await insertTaskType(t.db, clientGroup.id)
    await t.db.insert(taskTypeGroups).values({ taskTypeId: taskType.id, groupId: group.id })
    const [key] = await t.db
      .insert(registrationKeys)
      .values({ keyHash: uniqueName('hash'), expiresAt: new Date(Date.now() + 86_400_000) })
      .returning()
    await t.db.insert(registrationKeyGroups).values({ keyId: key!.id, groupId: group.id })

    const response = await staff.delete(`admin/endworker-groups/${group.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'conflict' })
    expect(response.json().detail).toContain('1 task type, 1 registration key')
  })
})

describe('client groups', () => {
  it('creates, lists, replaces and deletes a client group with its members', async () => {
    const name = uniqueName('client')
    const created = await staff.post('admin/client-groups/', {
      name,
      full_name: 'Client Ltd.',
      members: [workerId],
    })
    expect(created.statusCode).toBe(201)
    const group = created.json()
    expect(group).toEqual({
      id: expect.any(Number),
      name,
      full_name: 'Client Ltd.',
      members: [workerId],
    })

    const listed = await staff.get('admin/client-groups/', {
      query: { search: 'Client Ltd', ordering: '-full_name' },
    })
    expect(listed.json().results).toContainEqual(group)

    const replaced = await staff.put(`admin/client-groups/${group.id}/`, {
      name,
      full_name: '',
      members: [],
    })
    expect(replaced.json()).toEqual({ ...group, full_name: '', members: [] })
    expect((await staff.delete(`admin/client-groups/${group.id}/`)).statusCode).toBe(204)
  })

  it('names unknown members and stores nothing', async () => {
    const name = uniqueName('client')
    const response = await staff.post('admin/client-groups/', { name, members: [999_999] })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ members: ['No such accounts: 999999.'] })
    const named = await staff.get('admin/client-groups/', { query: { search: name } })
    expect(named.json().count).toBe(0)
  })

  it('answers field errors and refuses to delete a group with definitions', async () => {
    const group = (
      await staff.post('admin/client-groups/', { name: uniqueName('client'), members: [] })
    ).json()
    const blank = await staff.post('admin/client-groups/', { name: '  ', members: [0] })
    expect(Object.keys(blank.json().fields).sort()).toEqual(['members.0', 'name'])
    const taken = await staff.post('admin/client-groups/', { name: group.name, members: [] })
    expect(taken.json().fields.name).toBeDefined()

    await insertTaskType(t.db, group.id)
    const response = await staff.delete(`admin/client-groups/${group.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toContain('1 task type, 1 task schema, 1 task protocol')
  })
})
