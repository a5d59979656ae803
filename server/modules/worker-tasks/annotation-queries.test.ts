import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../../contract/constants'
import {
  annotations,
  idempotencyKeys,
  itemSetItems,
  itemSets,
  protocolReads,
  sessions,
  tasks,
  users,
} from '../../db/schema'
import { type IdempotencyScope, isKeyTaken } from '../../http/idempotency'
import { createTestApp, type TestApp } from '../../test/harness'
import { hashToken } from '../auth/tokens'
import {
  type AnnotationWrite,
  findSetContext,
  saveNewerAnnotationChecked,
} from './annotation-queries'
import { addWorker, claimPath, itemDataAt, type Scenario, seedScenario } from './test-fixtures'

/** The one-statement save of the usual case, and what it reads once per set. */

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type Claim = {
  scenario: Scenario
  userId: number
  sessionIdHash: string
  setId: number
  itemIds: number[]
}

async function claim(): Promise<Claim> {
  const scenario = await seedScenario(t.db, { items: 3, type: { itemsPerSet: 2 } })
  const worker = await addWorker(t.app, scenario)
  const set = (await worker.post(claimPath(scenario.task.id))).json() as {
    id: number
    items: { id: number }[]
  }
  return {
    scenario,
    userId: worker.user.id,
    sessionIdHash: hashToken(worker.cookies.get(SESSION_COOKIE) as string),
    setId: set.id,
    itemIds: set.items.map((item) => item.id),
  }
}

let edits = 0
/** Each edit a second after the one before, by the client's clock. */
const nextEditTime = () => {
  edits += 1
  return new Date(Date.UTC(2030, 0, 1) + edits * 1000)
}

const writeOf = (c: Claim, changes: Partial<AnnotationWrite> = {}): AnnotationWrite => ({
  itemSetId: c.setId,
  itemId: c.itemIds[0]!,
  taskId: c.scenario.task.id,
  userId: c.userId,
  data: { transcript: 'hello' },
  isDone: false,
  errors: {},
  warnings: { transcript: ['Long.'] },
  info: {},
  clientUpdatedAt: nextEditTime(),
  ...changes,
})

/** The save's statement in the session of the claim's worker; the written id or undefined. */
const save = async (
  c: Claim,
  write: AnnotationWrite,
  answer: Parameters<typeof saveNewerAnnotationChecked>[3] = null,
) => (await saveNewerAnnotationChecked(t.db, c.sessionIdHash, write, answer))?.id

const stored = (c: Claim) =>
  t.db.select().from(annotations).where(eq(annotations.itemSetId, c.setId))

describe('findSetContext', () => {
  it('reads the set’s worker, task, schema and the data of its items by id', async () => {
    const c = await claim()
    const context = await findSetContext(t.db, c.setId)
    expect(context).toMatchObject({ userId: c.userId, taskId: c.scenario.task.id })
    expect(Object.keys(context!.document.annotation_schema)).toContain('transcript')
    expect(Object.keys(context!.itemData).map(Number).sort()).toEqual([...c.itemIds].sort())
    expect(context!.itemData[c.itemIds[1]!]).toMatchObject({ prompt: itemDataAt(1).prompt })
    expect(await findSetContext(t.db, 999_999)).toBeUndefined()
  })
})

describe('saveNewerAnnotationChecked', () => {
  it('writes the annotation and stores the answer with the annotation’s id', async () => {
    const c = await claim()
    const scope: IdempotencyScope = {
      key: randomUUID(),
      userId: c.userId,
      method: 'PUT',
      path: '/api/some/annotation/',
      requestHash: 'hash',
    }
    const id = await save(c, writeOf(c, { isDone: true }), {
      scope,
      body: { applied: true },
    })
    expect(await stored(c)).toMatchObject([{ id, data: { transcript: 'hello' }, isDone: true }])
    const [key] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, scope.key))
    expect(key).toMatchObject({ statusCode: 200, body: { applied: true, id } })
    const [set] = await t.db.select().from(itemSets).where(eq(itemSets.id, c.setId))
    expect(set!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000)

    const again = saveNewerAnnotationChecked(t.db, c.sessionIdHash, writeOf(c), {
      scope,
      body: {},
    })
    await expect(again).rejects.toSatisfy(isKeyTaken)
    expect((await stored(c))[0]?.isDone).toBe(true)
  })

  it('writes nothing for an edit older than the stored one', async () => {
    const c = await claim()
    const newer = writeOf(c, { data: { transcript: 'newer' } })
    expect(await save(c, newer, null)).toBeDefined()
    const older = writeOf(c, { clientUpdatedAt: new Date(newer.clientUpdatedAt.getTime() - 1) })
    expect(await save(c, older, null)).toBeUndefined()
    expect((await stored(c))[0]?.data).toEqual({ transcript: 'newer' })
  })

  it('writes nothing when a check of the save fails', async () => {
    const refusedBy: [string, (c: Claim) => Promise<unknown>][] = [
      [
        'an ended lock',
        (c) =>
          t.db
            .update(itemSets)
            .set({ lockExpiration: new Date(Date.now() - 1000) })
            .where(eq(itemSets.id, c.setId)),
      ],
      [
        'a finished task',
        (c) =>
          t.db.update(tasks).set({ status: 'FINISHED' }).where(eq(tasks.id, c.scenario.task.id)),
      ],
      [
        'a protocol not confirmed',
        (c) => t.db.delete(protocolReads).where(eq(protocolReads.userId, c.userId)),
      ],
      [
        'an item no longer in the set',
        (c) =>
          t.db
            .delete(itemSetItems)
            .where(
              and(eq(itemSetItems.itemSetId, c.setId), eq(itemSetItems.itemId, c.itemIds[0]!)),
            ),
      ],
    ]
    for (const [reason, change] of refusedBy) {
      const c = await claim()
      await change(c)
      expect(await save(c, writeOf(c), null), reason).toBeUndefined()
      expect(await stored(c), reason).toEqual([])
    }
    const c = await claim()
    const other = await claim()
    const foreign = writeOf(c, { userId: other.userId })
    expect(await save(c, foreign, null)).toBeUndefined()
    expect(await save(other, writeOf(c), null), 'another worker’s session').toBeUndefined()
    expect(await stored(c)).toEqual([])
  })

  it('writes only in a live session of an active user who may annotate', async () => {
    const refusedBy: [string, (c: Claim) => Promise<unknown>][] = [
      [
        'an expired session',
        (c) =>
          t.db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.idHash, c.sessionIdHash)),
      ],
      [
        'a deactivated user',
        (c) => t.db.update(users).set({ isActive: false }).where(eq(users.id, c.userId)),
      ],
      [
        'a user without the endworker permission',
        (c) => t.db.update(users).set({ roles: [] }).where(eq(users.id, c.userId)),
      ],
    ]
    for (const [reason, change] of refusedBy) {
      const c = await claim()
      await change(c)
      expect(await save(c, writeOf(c), null), reason).toBeUndefined()
      expect(await stored(c), reason).toEqual([])
    }
  })

  it('says when the session’s sliding expiry is due', async () => {
    const c = await claim()
    const fresh = await saveNewerAnnotationChecked(t.db, c.sessionIdHash, writeOf(c), null)
    expect(fresh?.sessionStale).toBe(false)
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(sessions.idHash, c.sessionIdHash))
    const stale = await saveNewerAnnotationChecked(t.db, c.sessionIdHash, writeOf(c), null)
    expect(stale?.sessionStale).toBe(true)
  })

  it('leaves taking back a done annotation of an item claims passed to the transaction', async () => {
    const c = await claim()
    expect(await save(c, writeOf(c, { isDone: true }), null)).toBeDefined()
    // Taken back while claims have not passed the item: written here.
    expect(await save(c, writeOf(c), null)).toBeDefined()
    await save(c, writeOf(c, { isDone: true }), null)
    await t.db.update(tasks).set({ firstOpenPosition: 1 }).where(eq(tasks.id, c.scenario.task.id))
    expect(await save(c, writeOf(c), null)).toBeUndefined()
    expect((await stored(c))[0]?.isDone).toBe(true)
  })
})
