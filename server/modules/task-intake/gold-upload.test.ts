import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import { goldAnswers, itemSets } from '../../db/schema'
import type { MultipartFile } from '../../test/multipart'
import {
  type Definitions,
  field,
  itemsOf,
  jsonl,
  requiredFields,
  setUpIntakeTests,
  uploadTask,
  zipArchive,
} from './test-support'

/** Gold items in uploads: the `_gold` field of every upload format. */
const intake = setUpIntakeTests('gold-upload')

const annotationField = (
  component: 'text' | 'checkbox' | 'dropdown' | 'radio',
  dataType: 'string' | 'int' | 'bool',
  extra = {},
) => ({ ...field(component, extra), data_type: dataType })

const annotationSchema: TaskSchemaDocument['annotation_schema'] = {
  label: annotationField('radio', 'string', { options: ['cat', 'dog'] }),
  tags: annotationField('dropdown', 'string', { options: ['a', 'b', 'c'], multiple: true }),
  count: annotationField('text', 'int'),
  sure: annotationField('checkbox', 'bool'),
  note: annotationField('text', 'string'),
}

let gold: Definitions | undefined
async function goldDefinitions(options: { isFixedSets?: boolean; itemsPerSet?: number } = {}) {
  if (!options.isFixedSets && gold) return gold
  const made = await intake.definitionsWith({
    ...options,
    annotationSchema,
    validators: [{ type: 'max_length', field: 'note', value: 5, severity: 'error' }],
  })
  if (!options.isFixedSets) gold = made
  return made
}

async function upload(own: Definitions, file: MultipartFile) {
  return uploadTask(intake.client, requiredFields(own), file)
}

async function uploadedTaskId(own: Definitions, file: MultipartFile): Promise<number> {
  const response = await upload(own, file)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

/** The task's items, each with its expected answer when it is gold. */
async function storedItems(taskId: number) {
  const rows = await itemsOf(intake.t.db, taskId)
  const expected = await intake.t.db
    .select()
    .from(goldAnswers)
    .where(
      inArray(
        goldAnswers.itemId,
        rows.map((row) => row.id),
      ),
    )
  const byItem = new Map(expected.map((row) => [row.itemId, row]))
  return rows.map((row) => ({
    data: row.data,
    isGold: row.isGold,
    expected: byItem.get(row.id)?.expected ?? null,
    setBy: byItem.get(row.id)?.setById,
  }))
}

const expectedItems = [
  { data: { prompt: 'one' }, isGold: false, expected: null },
  {
    data: { prompt: 'two' },
    isGold: true,
    expected: { label: 'dog', tags: 'a;c', count: '3', sure: 'true' },
  },
  { data: { prompt: 'three' }, isGold: false, expected: null },
]

describe('_gold in an upload', () => {
  it('makes a gold item from JSON Lines, a JSON array, CSV and a ZIP, left out of the counters', async () => {
    const own = await goldDefinitions()
    const goldAnswer = { label: 'dog', tags: 'a;c', count: '3', sure: true }
    const rows = [
      { prompt: 'one' },
      { prompt: 'two', _gold: goldAnswer },
      { prompt: 'three', _gold: null },
    ]
    const csv = [
      'prompt,_gold',
      'one,',
      `two,"${JSON.stringify(goldAnswer).replaceAll('"', '""')}"`,
      'three,',
    ].join('\n')
    const files: MultipartFile[] = [
      { name: 'gold.jsonl', content: jsonl(rows) },
      { name: 'gold.json', content: JSON.stringify(rows) },
      { name: 'gold.csv', content: csv },
      { name: 'gold.zip', content: zipArchive([{ name: 'items/data.csv', content: csv }]) },
    ]
    for (const file of files) {
      const response = await upload(own, file)
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(201)
      expect(response.json().items_count).toBe(2)
      const taskId: number = response.json().id
      expect(await storedItems(taskId), file.name).toEqual(
        expectedItems.map((item) => ({ ...item, setBy: item.isGold ? null : undefined })),
      )
      const task = (await intake.client.get(`client/tasks/${taskId}/`)).json()
      expect(task.items).toEqual({ total: 2, done: 0, left: 2 })
      expect(task.annotations).toEqual({ total: 2, done: 0, left: 2 })
      const processing = (await intake.client.get(`client/tasks/${taskId}/processing/`)).json()
      expect(processing).toMatchObject({ processed_items: 2, total_items: 2 })
    }
  })

  it('refuses an expected answer the annotation schema refuses, naming the row and the field', async () => {
    const own = await goldDefinitions()
    const cases: [unknown, string][] = [
      [
        { colour: 'red' },
        "Line 1: field '_gold': 'colour' is not a field of the annotation schema.",
      ],
      [
        { label: 'bird' },
        "Line 1: field '_gold': 'label' has 'bird', which is not among its options.",
      ],
      [{ tags: 'a;x' }, "Line 1: field '_gold': 'tags' has 'x', which is not among its options."],
      [{ sure: 'maybe' }, "Line 1: field '_gold': 'sure' must be true or false."],
      [{ count: 'many' }, "Line 1: field '_gold': 'count' does not pass the schema's check:"],
      [{ note: 'far too long' }, "Line 1: field '_gold': 'note' does not pass the schema's check:"],
      [
        { label: ['cat'] },
        "Line 1: field '_gold': 'label' must be a text, a number or true/false.",
      ],
      [['cat'], "Line 1: field '_gold' must be an object of annotation field names"],
      [{}, "Line 1: field '_gold' must give the expected value of at least one annotation field."],
    ]
    for (const [answer, problem] of cases) {
      const response = await upload(own, {
        name: 'bad.jsonl',
        content: jsonl([{ prompt: 'x', _gold: answer }]),
      })
      expect(response.statusCode, JSON.stringify(answer)).toBe(400)
      expect(response.json().fields.file[0]).toContain(problem)
    }
    const csv = await upload(own, {
      name: 'bad.csv',
      content: 'prompt,_gold\nfine,\nbroken,{label: cat}',
    })
    expect(csv.statusCode).toBe(400)
    expect(csv.json().fields.file[0]).toMatch(/^Row 3: field '_gold' is not valid JSON/)
  })

  it('keeps gold items out of fixed sets, which stay whole', async () => {
    const fixed = await goldDefinitions({ isFixedSets: true, itemsPerSet: 2 })
    const rows = [
      { prompt: 'p0' },
      { prompt: 'g0', _gold: { label: 'cat' } },
      { prompt: 'p1' },
      { prompt: 'p2' },
      { prompt: 'g1', _gold: { note: 'ok' } },
      { prompt: 'p3' },
      { prompt: 'p4' },
    ]
    const taskId = await uploadedTaskId(fixed, { name: 'fixed.jsonl', content: jsonl(rows) })
    const sets = await intake.t.db.select().from(itemSets).where(eq(itemSets.taskId, taskId))
    const setPosition = new Map(sets.map((set) => [set.id, set.position]))
    const stored = await itemsOf(intake.t.db, taskId)
    expect(
      stored.map((item) => [
        item.data.prompt,
        item.itemSetId === null ? null : setPosition.get(item.itemSetId),
      ]),
    ).toEqual([
      ['p0', 0],
      ['g0', null],
      ['p1', 0],
      ['p2', 1],
      ['g1', null],
      ['p3', 1],
      ['p4', 2],
    ])
    expect((await intake.client.get(`client/tasks/${taskId}/`)).json().items.total).toBe(5)
  })
})
