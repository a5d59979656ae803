import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goldAnswers, items } from '../../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../../test/session-client'
import { seedTask, seedWorkspace } from '../test-fixtures'

describe('gold items in the result export', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let taskId: number
  let itemIds: number[]
  let ids: number[][]

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-gold-export')
    client = await signIn(t, { roles: ['client'] })
    const ann = (await createUser(t.db, { roles: ['endworker'] })).id
    const own = await seedWorkspace(t.db, [client.user.id], { annotationsPerItem: 1 })
    const seeded = await seedTask(t.db, own, {
      status: 'IN_PROGRESS',
      downloadEnabled: true,
      items: [
        {
          data: { prompt: 'ordinary' },
          annotations: [{ userId: ann, isDone: true, data: { transcript: 'one', ok: 'true' } }],
        },
        {
          data: { prompt: 'gold, answered' },
          annotations: [{ userId: ann, isDone: true, data: { transcript: 'tow', ok: 'true' } }],
        },
        // A gold item nobody has met yet is exported too.
        { data: { prompt: 'gold, unanswered' } },
      ],
    })
    taskId = seeded.task.id
    itemIds = seeded.itemIds
    ids = seeded.annotationIds
    for (const [index, expected] of [
      [1, { transcript: 'two' }],
      [2, { ok: 'false' }],
    ] as const) {
      await t.db.update(items).set({ isGold: true }).where(eq(items.id, itemIds[index]!))
      await t.db.insert(goldAnswers).values({ itemId: itemIds[index]!, expected })
    }
  })
  afterAll(() => t.close())

  const exportText = async (body: Record<string, unknown>) => {
    const created = await client.post(`client/tasks/${taskId}/dump_async/`, body)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      status: 'FINISHED',
      include_gold: body.include_gold === true,
    })
    return (await client.get(`client/tasks/${taskId}/dump_async/file/`)).body
  }
  const lines = async (body: Record<string, unknown>) =>
    (await exportText(body))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))

  it('leaves gold items out of JSON Lines, and marks them with include_gold', async () => {
    expect((await lines({})).map((line) => line.item_id)).toEqual([itemIds[0]])
    expect(await lines({ include_gold: true })).toEqual([
      {
        item_id: itemIds[0],
        data: { prompt: 'ordinary' },
        gold: false,
        annotations: [{ id: ids[0]![0], data: { transcript: 'one', ok: 'true' }, is_done: true }],
      },
      {
        item_id: itemIds[1],
        data: { prompt: 'gold, answered' },
        gold: true,
        gold_expected: { transcript: 'two' },
        annotations: [{ id: ids[1]![0], data: { transcript: 'tow', ok: 'true' }, is_done: true }],
      },
      {
        item_id: itemIds[2],
        data: { prompt: 'gold, unanswered' },
        gold: true,
        gold_expected: { ok: 'false' },
        annotations: [],
      },
    ])
  })

  it('leaves gold items out of CSV, and gives them gold and gold_expected columns with include_gold', async () => {
    const plain = (await exportText({ format: 'csv' })).trimEnd().split('\n')
    expect(plain[0]).not.toContain('gold')
    expect(plain.slice(1).map((row) => row.split(',')[0])).toEqual([String(itemIds[0])])
    expect((await exportText({ format: 'csv', include_gold: true })).split('\n')).toEqual([
      'item_id,data.prompt,data.recording,gold,gold_expected,annotation_id,is_done,annotation.transcript,annotation.ok,annotation.note',
      `${itemIds[0]},ordinary,,false,,${ids[0]![0]},true,one,true,`,
      `${itemIds[1]},"gold, answered",,true,"{""transcript"":""two""}",${ids[1]![0]},true,tow,true,`,
      `${itemIds[2]},"gold, unanswered",,true,"{""ok"":""false""}",,,,,`,
      '',
    ])
  })
})
