import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gridPlacement } from '../../../contract/task-schema'
import type { TaskSchemaDocument } from '../../db/schema'
import { annotationField, seedClientGroup } from '../../test/fixtures'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import { seedDefinitions, seedTask } from '../client-tasks/test-fixtures'
import { makeGold } from './test-fixtures'

const label = annotationField('radio', 'Label', gridPlacement(1, 1), 'string')
label.widget.config.options = ['cat', 'dog']
const SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {},
  annotation_schema: {
    label,
    score: annotationField('text', 'Score', gridPlacement(2, 1), 'int'),
    transcript: annotationField('textarea', 'Transcript', gridPlacement(3, 1), 'string'),
  },
}

describe('the aggregate (consensus) export', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let taskId: number
  let itemIds: number[]

  beforeAll(async () => {
    t = await createTestAppWithMedia('quality-aggregate-export')
    client = await signIn(t, { roles: ['client'] })
    const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
    const definitions = await seedDefinitions(t.db, group.id, { annotationsPerItem: 2 }, SCHEMA)
    const [ann, bob, cid] = await Promise.all(
      ['agg-ann', 'agg-bob', 'agg-cid'].map((username) =>
        createUser(t.db, { username, roles: ['endworker'] }),
      ),
    )
    // Gold answers in another task of the type: Ann 2 of 2 right (weight 1), Bob 1 of 2 (0.5),
    // Cid none (weight 1).
    const scored = (userId: number, goldCorrect: boolean) => ({ userId, isDone: true, goldCorrect })
    const gold = await seedTask(t.db, definitions, {
      items: [
        { annotations: [scored(ann!.id, true), scored(bob!.id, true)] },
        { annotations: [scored(ann!.id, true), scored(bob!.id, false)] },
      ],
    })
    await makeGold(t.db, gold.itemIds, { label: 'cat' })
    const done = (userId: number, data: Record<string, string>) => ({ userId, isDone: true, data })
    const seeded = await seedTask(t.db, definitions, {
      status: 'IN_PROGRESS',
      downloadEnabled: true,
      items: [
        {
          dataId: 'A',
          annotations: [
            done(ann!.id, { label: 'cat', score: '3', transcript: 'the cat' }),
            done(bob!.id, { label: 'dog', score: '3', transcript: 'the  cat ' }),
            done(cid!.id, { label: 'cat', score: '5', transcript: 'a dog' }),
          ],
        },
        {
          dataId: 'B',
          annotations: [
            done(ann!.id, { label: 'dog', score: '1' }),
            done(bob!.id, { label: 'cat', score: '2' }),
          ],
        },
        { dataId: 'C', annotations: [done(cid!.id, { label: 'cat' })] },
      ],
    })
    taskId = seeded.task.id
    itemIds = seeded.itemIds
  })
  afterAll(() => t.close())

  const exportText = async (body: Record<string, unknown>) => {
    const created = await client.post(`client/tasks/${taskId}/dump_async/`, body)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ status: 'FINISHED', aggregate: true })
    return (await client.get(`client/tasks/${taskId}/dump_async/file/`)).body
  }

  it('writes one JSON line per done item with each field’s consensus, weighted by gold accuracy', async () => {
    const lines = (await exportText({ aggregate: true, include_data_ids: true }))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toEqual([
      {
        item_id: itemIds[0],
        data_id: 'A',
        data: { prompt: 'prompt 0' },
        annotations: 3,
        consensus: {
          // cat: Ann 1 + Cid 1 against dog: Bob 0.5.
          label: { value: 'cat', confidence: 2 / 2.5, review: false },
          score: { value: 3, confidence: 2 / 3, review: false },
          transcript: { value: 'the cat', confidence: 2 / 3, review: false },
        },
        review: false,
      },
      {
        item_id: itemIds[1],
        data_id: 'B',
        data: { prompt: 'prompt 1' },
        annotations: 2,
        consensus: {
          // One vote each, but Ann's weighs 1 against Bob's 0.5.
          label: { value: 'dog', confidence: 1 / 1.5, review: false },
          score: { value: 1.5, confidence: 0, review: true },
          transcript: { value: null, confidence: null, review: false },
        },
        review: true,
      },
    ])
  })

  it('writes one CSV row per item with consensus, confidence and review columns', async () => {
    const rows = (await exportText({ aggregate: true, format: 'csv' })).trimEnd().split('\n')
    expect(rows).toEqual([
      'item_id,annotations,consensus.label,confidence.label,review.label,consensus.score,confidence.score,review.score,consensus.transcript,confidence.transcript,review.transcript,review',
      `${itemIds[0]},3,cat,0.8,false,3,${2 / 3},false,the cat,${2 / 3},false,false`,
      `${itemIds[1]},2,dog,${1 / 1.5},false,1.5,0,true,,,false,true`,
    ])
  })
})
