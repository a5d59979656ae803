import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gridPlacement } from '../../../contract/task-schema'
import type { TaskSchemaDocument } from '../../db/schema'
import { annotationField, seedClientGroup } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import { type AnnotationSeed, seedDefinitions, seedTask } from '../client-tasks/test-fixtures'
import { krippendorffAlpha, percentAgreement, type Unit, wilsonInterval } from './statistics'
import { makeGold } from './test-fixtures'

const choice = (
  component: 'radio' | 'dropdown',
  row: number,
  options: string[],
  multiple = false,
) => {
  const field = annotationField(component, component, gridPlacement(row, 1), 'string')
  field.widget.config.options = options
  if (multiple) field.widget.config.multiple = true
  return field
}

/** A single choice, a checkbox, a multi-choice, a number and a text (skipped) field. */
const QUALITY_SCHEMA: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {},
  annotation_schema: {
    label: choice('radio', 1, ['A', 'B', 'C']),
    ok: annotationField('checkbox', 'OK', gridPlacement(2, 1), 'bool'),
    tags: choice('dropdown', 3, ['x', 'y'], true),
    score: annotationField('text', 'Score', gridPlacement(4, 1), 'int'),
    note: annotationField('textarea', 'Note', gridPlacement(5, 1), 'string'),
  },
}

type Worker = 'ann' | 'bob' | 'cid'
const WORKERS: Worker[] = ['ann', 'bob', 'cid']

/** What each worker stored for the five non-gold items; absent: no annotation. */
const STORED: Partial<Record<Worker, Record<string, string>>>[] = [
  {
    ann: { label: 'A', ok: 'true', tags: 'x', score: '3', note: 'one' },
    bob: { label: 'a ', ok: 'true', tags: 'x;y', score: '3.0', note: 'two' },
    cid: { label: 'B', ok: 'false', tags: '', score: '4' },
  },
  {
    ann: { label: 'B', ok: 'false', tags: 'y', score: '1' },
    bob: { label: 'B', ok: 'false', tags: 'Y', score: '2' },
    cid: { label: 'C', ok: 'true', tags: 'x', score: '9' },
  },
  {
    ann: { label: 'C', ok: 'true', tags: 'x ; y', score: '5' },
    cid: { label: 'C', ok: 'true', tags: 'x;y', score: '5' },
  },
  { bob: { label: 'A', ok: 'true', score: 'many' } },
  { ann: { label: 'A' }, bob: { label: 'A' }, cid: { label: '' } },
]

/** Cid has not finished the second item: it does not count. */
const UNFINISHED = { worker: 'cid', item: 1 } as const

/** The same answers as the values agreement compares, by hand; null: no value. */
type Values = Partial<Record<Worker, string | number | null>>
const VALUES: Record<string, Values[]> = {
  label: [
    { ann: 'a', bob: 'a', cid: 'b' },
    { ann: 'b', bob: 'b' },
    { ann: 'c', cid: 'c' },
    { bob: 'a' },
    { ann: 'a', bob: 'a' },
  ],
  ok: [
    { ann: 'true', bob: 'true', cid: 'false' },
    { ann: 'false', bob: 'false' },
    { ann: 'true', cid: 'true' },
    { bob: 'true' },
    {},
  ],
  'tags.x': [
    { ann: 'true', bob: 'true', cid: 'false' },
    { ann: 'false', bob: 'false' },
    { ann: 'true', cid: 'true' },
    {},
    {},
  ],
  'tags.y': [
    { ann: 'false', bob: 'true', cid: 'false' },
    { ann: 'true', bob: 'true' },
    { ann: 'true', cid: 'true' },
    {},
    {},
  ],
  score: [{ ann: 3, bob: 3, cid: 4 }, { ann: 1, bob: 2 }, { ann: 5, cid: 5 }, {}, {}],
}
const METRICS = {
  label: 'nominal',
  ok: 'nominal',
  'tags.x': 'nominal',
  'tags.y': 'nominal',
  score: 'interval',
} as const

const unitsOf = (items: Values[]): Unit[] =>
  items.map((item) => WORKERS.map((w) => item[w] ?? null))

/** A worker's agreeing pairs and pairs with the others, over every variable and item. */
function agreementOf(worker: Worker) {
  let agreeing = 0
  let pairs = 0
  for (const items of Object.values(VALUES)) {
    for (const item of items) {
      const mine = item[worker]
      const present = WORKERS.filter((w) => item[w] !== undefined && item[w] !== null)
      if (mine === undefined || mine === null || present.length < 2) continue
      pairs += present.length - 1
      agreeing += present.filter((w) => w !== worker && item[w] === mine).length
    }
  }
  return agreeing / pairs
}

describe('GET /client/tasks/{id}/quality/', () => {
  let t: TestApp
  let client: SignedInClient
  let taskId: number
  let ids: Record<Worker, number>

  beforeAll(async () => {
    t = await createTestApp()
    client = await signIn(t, { roles: ['client'] })
    const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
    const definitions = await seedDefinitions(t.db, group.id, {}, QUALITY_SCHEMA)
    ids = {
      ann: (await createUser(t.db, { username: 'q-ann', roles: ['endworker'] })).id,
      bob: (await createUser(t.db, { username: 'Q-bob', roles: ['endworker'] })).id,
      cid: (await createUser(t.db, { username: 'q-cid', roles: ['endworker'] })).id,
    }
    const seeds = STORED.map((item, index) => ({
      annotations: WORKERS.filter((w) => item[w]).map((w): AnnotationSeed => {
        const data = item[w]!
        const done = !(w === UNFINISHED.worker && index === UNFINISHED.item)
        // Cid's first item is flagged; flags count whatever the item.
        const flagged = w === 'cid' && index === 0
        return { userId: ids[w], data, isDone: done, qualityFlags: flagged ? ['NO_ACTIVITY'] : [] }
      }),
    }))
    // Two gold items, disagreeing on purpose: they must not count in agreement.
    const gold = [
      {
        annotations: [
          { userId: ids.ann, data: { label: 'A' }, isDone: true, goldCorrect: true, goldScore: 1 },
          {
            userId: ids.bob,
            data: { label: 'B' },
            isDone: true,
            goldCorrect: false,
            goldScore: 0,
            qualityFlags: ['TOO_FAST' as const],
          },
          { userId: ids.cid, data: { label: 'C' } },
        ],
      },
      {},
    ]
    const { task, itemIds } = await seedTask(t.db, definitions, {
      items: [...seeds, ...gold],
    })
    taskId = task.id
    await makeGold(t.db, itemIds.slice(STORED.length), { label: 'A' })
  })
  afterAll(() => t.close())

  it('answers agreement per field, quality per worker and gold totals, as computed by hand', async () => {
    const response = await client.get(`client/tasks/${taskId}/quality/`)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()

    expect(Object.keys(body.fields)).toEqual(Object.keys(VALUES))
    for (const [name, items] of Object.entries(VALUES)) {
      const units = unitsOf(items)
      const pairable = units.filter((unit) => unit.filter((value) => value !== null).length >= 2)
      const field = body.fields[name]
      expect(field.items, name).toBe(pairable.length)
      expect(field.values, name).toBe(pairable.flat().filter((value) => value !== null).length)
      expect(field.alpha, name).toBeCloseTo(
        krippendorffAlpha(units, METRICS[name as keyof typeof METRICS])!,
        12,
      )
      expect(field.percent_agreement, name).toBeCloseTo(percentAgreement(units)!, 12)
    }

    expect(body.workers).toEqual([
      {
        id: ids.ann,
        username: 'q-ann',
        gold_answers: 1,
        gold_accuracy: 1,
        gold_ci95: wilsonInterval(1, 1),
        agreement: expect.closeTo(agreementOf('ann'), 12),
        flagged_items: 0,
      },
      {
        id: ids.bob,
        username: 'Q-bob',
        gold_answers: 1,
        gold_accuracy: 0,
        gold_ci95: wilsonInterval(0, 1),
        agreement: expect.closeTo(agreementOf('bob'), 12),
        flagged_items: 1,
      },
      {
        id: ids.cid,
        username: 'q-cid',
        gold_answers: 0,
        gold_accuracy: null,
        gold_ci95: null,
        agreement: expect.closeTo(agreementOf('cid'), 12),
        flagged_items: 1,
      },
    ])
    expect(body.gold).toEqual({ items: 2, answers: 2 })
  })

  it('answers staff, 404 to a client of another group and for an unknown task, 403 to a worker', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.get(`client/tasks/${taskId}/quality/`)).statusCode).toBe(200)
    const rival = await signIn(t, { roles: ['client'] })
    await seedClientGroup(t.db, { memberIds: [rival.user.id] })
    expect((await rival.get(`client/tasks/${taskId}/quality/`)).statusCode).toBe(404)
    expect((await client.get('client/tasks/999999/quality/')).statusCode).toBe(404)
    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get(`client/tasks/${taskId}/quality/`)).statusCode).toBe(403)
    expect((await t.app.inject({ url: `/api/client/tasks/${taskId}/quality/` })).statusCode).toBe(
      401,
    )
  })

  it('answers a task without overlapping work with empty figures', async () => {
    const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
    const definitions = await seedDefinitions(t.db, group.id, {}, QUALITY_SCHEMA)
    const { task } = await seedTask(t.db, definitions, {
      items: [
        { annotations: [{ userId: ids.ann, data: { label: 'A', score: '1' }, isDone: true }] },
      ],
    })
    const body = (await client.get(`client/tasks/${task.id}/quality/`)).json()
    expect(body.fields.label).toEqual({ alpha: null, percent_agreement: null, items: 0, values: 0 })
    expect(body.workers).toEqual([
      expect.objectContaining({ username: 'q-ann', agreement: null, gold_accuracy: null }),
    ])
    expect(body.gold).toEqual({ items: 0, answers: 0 })
  })

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/schema/' })).json()
    expect(document.paths['/api/client/tasks/{id}/quality/']?.get).toBeDefined()
  })
})
