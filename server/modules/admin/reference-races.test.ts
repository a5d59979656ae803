import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientGroupMembers,
  clientGroups,
  endworkerGroupMembers,
  endworkerGroups,
  users,
} from '../../db/schema'
import { uniqueName } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'

/**
 * Saves whose referenced rows are deleted by another transaction while they run. The delete
 * holds its transaction open until the save waits for it, then commits: the save must answer the
 * field error it gives for an unknown id, and keep nothing. PGlite runs one transaction at a
 * time, so nothing can be deleted under a save there: PostgreSQL only.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'saves racing deletes of what they name',
  () => {
    let t: TestApp
    let staff: SignedInClient

    beforeAll(async () => {
      t = await createTestApp()
      staff = await signIn(t, { roles: ['staff'] })
    })
    afterAll(() => t.close())

    /** Until the save is queued behind the delete's locks. */
    async function saveWaits() {
      for (;;) {
        const { rows } = (await t.db.execute(sql`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
          rows: { n: number }[]
        }
        if (rows[0]!.n > 0) return
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }

    /** The save, started while `remove` is deleted and not yet committed. */
    async function saveDuring(
      remove: { table: typeof endworkerGroups | typeof clientGroups | typeof users; id: number },
      save: () => Promise<LightMyRequestResponse>,
    ): Promise<LightMyRequestResponse> {
      let answer: Promise<LightMyRequestResponse> | undefined
      await t.db.transaction(async (tx) => {
        await tx.delete(remove.table).where(eq(remove.table.id, remove.id))
        answer = save()
        await saveWaits()
      })
      return answer!
    }

    const endworkerGroup = (overrides: Record<string, unknown> = {}) => ({
      name: uniqueName('group'),
      task_group: true,
      review_group: false,
      coordination_group: false,
      members: [],
      coordinators: [],
      managed_groups: [],
      reviewed_by_group: null,
      ...overrides,
    })

    async function created(path: string, body: Record<string, unknown>) {
      const response = await staff.post(path, body)
      expect(response.statusCode).toBe(201)
      return response.json() as { id: number; name: string }
    }

    const reviewGroup = () =>
      created('admin/endworker-groups/', endworkerGroup({ task_group: false, review_group: true }))

    const groupsNamed = (name: string) =>
      t.db.select().from(endworkerGroups).where(eq(endworkerGroups.name, name))

    function expectFieldError(answer: LightMyRequestResponse, field: string, message: string) {
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({
        code: 'validation_error',
        fields: { [field]: [message] },
      })
    }

    it('refuses a new group whose review group is deleted meanwhile, and stores nothing', async () => {
      const reviewers = await reviewGroup()
      const input = endworkerGroup({ reviewed_by_group: reviewers.id })
      const answer = await saveDuring({ table: endworkerGroups, id: reviewers.id }, () =>
        staff.post('admin/endworker-groups/', input),
      )
      expectFieldError(answer, 'reviewed_by_group', `No such group: ${reviewers.id}.`)
      expect(await groupsNamed(input.name as string)).toEqual([])
    })

    it('refuses a replaced group whose review group is deleted meanwhile, and keeps it as it was', async () => {
      const worker = await createUser(t.db, { roles: ['endworker'] })
      const reviewers = await reviewGroup()
      const group = await created(
        'admin/endworker-groups/',
        endworkerGroup({ members: [worker.id] }),
      )
      const answer = await saveDuring({ table: endworkerGroups, id: reviewers.id }, () =>
        staff.put(
          `admin/endworker-groups/${group.id}/`,
          endworkerGroup({ name: `${group.name} renamed`, reviewed_by_group: reviewers.id }),
        ),
      )
      expectFieldError(answer, 'reviewed_by_group', `No such group: ${reviewers.id}.`)
      expect(await groupsNamed(group.name)).toMatchObject([
        { id: group.id, reviewedByGroupId: null },
      ])
      const members = await t.db
        .select({ userId: endworkerGroupMembers.userId })
        .from(endworkerGroupMembers)
        .where(eq(endworkerGroupMembers.groupId, group.id))
      expect(members).toEqual([{ userId: worker.id }])
    })

    it('refuses a group whose member or coordinator is deleted meanwhile, and stores nothing', async () => {
      for (const field of ['members', 'coordinators']) {
        const account = await createUser(t.db, { roles: ['endworker', 'coordinator'] })
        const input = endworkerGroup({ coordination_group: true, [field]: [account.id] })
        const answer = await saveDuring({ table: users, id: account.id }, () =>
          staff.post('admin/endworker-groups/', input),
        )
        expectFieldError(answer, field, `No such accounts: ${account.id}.`)
        expect(await groupsNamed(input.name as string)).toEqual([])
      }
    })

    it('refuses a coordination group whose managed group is deleted meanwhile', async () => {
      const managed = await created('admin/endworker-groups/', endworkerGroup())
      const input = endworkerGroup({ coordination_group: true, managed_groups: [managed.id] })
      const answer = await saveDuring({ table: endworkerGroups, id: managed.id }, () =>
        staff.post('admin/endworker-groups/', input),
      )
      expectFieldError(answer, 'managed_groups', `No such groups: ${managed.id}.`)
      expect(await groupsNamed(input.name as string)).toEqual([])
    })

    it('answers 404 for a group deleted while it is replaced', async () => {
      const group = await created('admin/endworker-groups/', endworkerGroup())
      const worker = await createUser(t.db, { roles: ['endworker'] })
      const answer = await saveDuring({ table: endworkerGroups, id: group.id }, () =>
        staff.put(`admin/endworker-groups/${group.id}/`, endworkerGroup({ members: [worker.id] })),
      )
      expect(answer.statusCode).toBe(404)
      const members = await t.db
        .select()
        .from(endworkerGroupMembers)
        .where(eq(endworkerGroupMembers.userId, worker.id))
      expect(members).toEqual([])
    })

    it('answers 404 for an account deleted while its groups are changed', async () => {
      const group = await created('admin/endworker-groups/', endworkerGroup())
      const account = await createUser(t.db, { roles: ['endworker'] })
      const answer = await saveDuring({ table: users, id: account.id }, () =>
        staff.patch(`admin/users/${account.id}/`, { groups: [group.id] }),
      )
      expect(answer.statusCode).toBe(404)
      const members = await t.db
        .select()
        .from(endworkerGroupMembers)
        .where(eq(endworkerGroupMembers.groupId, group.id))
      expect(members).toEqual([])
    })

    it('refuses a client group whose member is deleted meanwhile, and stores nothing', async () => {
      const account = await createUser(t.db, { roles: ['client'] })
      const name = uniqueName('client')
      const answer = await saveDuring({ table: users, id: account.id }, () =>
        staff.post('admin/client-groups/', { name, full_name: '', members: [account.id] }),
      )
      expectFieldError(answer, 'members', `No such accounts: ${account.id}.`)
      expect(await t.db.select().from(clientGroups).where(eq(clientGroups.name, name))).toEqual([])
    })

    it("refuses an account's groups deleted meanwhile, and keeps its memberships", async () => {
      const kept = await created('admin/endworker-groups/', endworkerGroup())
      const doomed = await created('admin/endworker-groups/', endworkerGroup())
      const clientGroup = await created('admin/client-groups/', {
        name: uniqueName('client'),
        members: [],
      })
      const account = await createUser(t.db, { roles: ['endworker'] })
      expect(
        (await staff.patch(`admin/users/${account.id}/`, { groups: [kept.id] })).statusCode,
      ).toBe(200)
      const groups = await saveDuring({ table: endworkerGroups, id: doomed.id }, () =>
        staff.patch(`admin/users/${account.id}/`, { groups: [doomed.id], first_name: 'Changed' }),
      )
      expectFieldError(groups, 'groups', `No such end-worker groups: ${doomed.id}.`)
      const clients = await saveDuring({ table: clientGroups, id: clientGroup.id }, () =>
        staff.post('admin/users/', {
          username: uniqueName('user'),
          email: `${uniqueName('sso')}@example.test`,
          password: null,
          client_groups: [clientGroup.id],
        }),
      )
      expect(clients.statusCode).toBe(400)
      expect(Object.keys(clients.json().fields)).toEqual(['client_groups'])

      const [stored] = await t.db.select().from(users).where(eq(users.id, account.id))
      expect(stored!.firstName).toBe('')
      const memberships = await t.db
        .select({ groupId: endworkerGroupMembers.groupId })
        .from(endworkerGroupMembers)
        .where(eq(endworkerGroupMembers.userId, account.id))
      expect(memberships).toEqual([{ groupId: kept.id }])
      expect(
        await t.db
          .select()
          .from(clientGroupMembers)
          .where(eq(clientGroupMembers.groupId, clientGroup.id)),
      ).toEqual([])
    })
  },
)
