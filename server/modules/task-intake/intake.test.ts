import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { itemSets, mediaObjects, taskSchemas, tasks, taskTypeProjects } from '../../db/schema'
import { discPng, toneWav } from '../../demo/media-files'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import { mediaFilePath } from '../media/storage'
import { importTask } from './import'
import {
  createDefinitions,
  createdSoFar,
  type Definitions,
  field,
  itemsOf,
  listFiles,
  requiredFields,
  textOnlySchema,
  uploadTask,
  zipArchive,
} from './test-support'

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-media-'))
let t: TestApp
let client: SignedInClient
let defs: Definitions

beforeAll(async () => {
  t = await createTestApp({ mediaDir, dataDir: path.dirname(mediaDir) })
  client = await signIn(t, { roles: ['client'] })
  defs = await createDefinitions(t.db, client.user.id)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n')

const richSchema = {
  prompt: field('textarea'),
  flag: field('checkbox'),
  speaker: field('dropdown', { options: ['Woman', 'Man'] }),
  tags: field('dropdown', { options: ['a', 'b', 'c'], multiple: true }),
  recording: field('audio'),
  picture: field('image'),
}

async function definitionsWith(options: Parameters<typeof createDefinitions>[2]) {
  return createDefinitions(t.db, client.user.id, options)
}

describe('POST /api/client/tasks/ with a valid file', () => {
  it('makes a task from JSON Lines, pinned to the current definitions, and imports it at once', async () => {
    await t.db
      .insert(taskTypeProjects)
      .values({ taskTypeId: defs.taskTypeId, projectId: defs.projectId })
    const rows = [
      { prompt: 'first', data_id: 'a-1' },
      { prompt: 'second "quoted"' },
      { prompt: 'third', data_id: 3 },
    ]
    const response = await uploadTask(
      client,
      {
        ...requiredFields(defs),
        settle_target_lang: 'true',
        description: 'Batch one',
        metadata: JSON.stringify({ batch: '7', owner: 'me' }),
        project: String(defs.projectId),
        deadline: '2030-01-02T03:04:05Z',
        start_task: '',
      },
      { name: 'batch.jsonl', content: `${jsonl(rows)}\n\n` },
    )
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body).toEqual({ id: expect.any(Number), status: 'CREATED', items_count: 3 })

    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, body.id))
    expect(task).toMatchObject({
      description: 'Batch one',
      status: 'CREATED',
      authorId: client.user.id,
      taskTypeId: defs.taskTypeId,
      projectId: defs.projectId,
      baseLanguageId: defs.languageIds.en,
      targetLanguageId: defs.languageIds.pl,
      settleTargetLang: true,
      schemaId: defs.schemaId,
      protocolId: defs.protocolId,
      isFixedSets: false,
      itemsPerSet: 10,
      maxItemsPerUser: null,
      metadata: { source: 'type', batch: '7', owner: 'me' },
      itemsTotal: 3,
      sourceFileId: null,
      processingError: null,
      startedAt: null,
    })
    expect(task?.deadline?.toISOString()).toBe('2030-01-02T03:04:05.000Z')
    const stored = await itemsOf(t.db, body.id)
    expect(
      stored.map(({ position, data, dataId, itemSetId }) => ({
        position,
        data,
        dataId,
        itemSetId,
      })),
    ).toEqual([
      { position: 0, data: { prompt: 'first' }, dataId: 'a-1', itemSetId: null },
      { position: 1, data: { prompt: 'second "quoted"' }, dataId: null, itemSetId: null },
      { position: 2, data: { prompt: 'third' }, dataId: '3', itemSetId: null },
    ])
    // The uploaded file is gone once its items are in.
    expect(listFiles(mediaDir)).toEqual([])
    expect(await t.db.select().from(mediaObjects)).toEqual([])

    const processing = await client.get(`client/tasks/${body.id}/processing/`)
    expect(processing.json()).toEqual({
      status: 'CREATED',
      processed_items: 3,
      total_items: 3,
      error: null,
    })
  })

  it('starts the task when start_task is true, and pins the newest schema version', async () => {
    const own = await definitionsWith({ maxItemsPerUserPercent: 50 })
    const [newer] = await t.db
      .insert(taskSchemas)
      .values({
        name: 'Schema v2',
        version: 2,
        clientGroupId: own.clientGroupId,
        schema: {
          validators: [],
          rows_visibility: [],
          item_schema: { text: field('text') },
          annotation_schema: {},
        },
      })
      .returning({ id: taskSchemas.id })
    await t.db
      .update(taskSchemas)
      .set({ nextVersionId: newer!.id })
      .where(eq(taskSchemas.id, own.schemaId))
    const response = await uploadTask(
      client,
      { ...requiredFields(own), start_task: 'true' },
      { name: 'data.ndjson', content: jsonl([{ text: 'x' }, { text: 'y' }, { text: 'z' }]) },
    )
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().status).toBe('IN_PROGRESS')
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, response.json().id))
    expect(task?.schemaId).toBe(newer!.id)
    expect(task?.startedAt).toBeInstanceOf(Date)
    expect(task?.maxItemsPerUser).toBe(2)
  })

  it('reads CSV with quoted commas, quotes and line breaks', async () => {
    const own = await definitionsWith({
      itemSchema: { prompt: field('text'), note: field('textarea') },
    })
    const csv = [
      'prompt,note,data_id',
      'plain,"one, two",r1',
      '"with ""quotes""","line one\r\nline two",r2',
      'last,,r3',
    ].join('\r\n')
    const response = await uploadTask(client, requiredFields(own), {
      name: 'rows.csv',
      content: `\uFEFF${csv}\r\n`,
    })
    expect(response.statusCode, response.body).toBe(201)
    const stored = await itemsOf(t.db, response.json().id)
    expect(stored.map((item) => [item.data, item.dataId])).toEqual([
      [{ prompt: 'plain', note: 'one, two' }, 'r1'],
      [{ prompt: 'with "quotes"', note: 'line one\r\nline two' }, 'r2'],
      [{ prompt: 'last', note: '' }, 'r3'],
    ])
  })

  it('reads a JSON array, checking every widget kind', async () => {
    const own = await definitionsWith({ itemSchema: richSchema })
    const media = await existingMedia(own)
    const rows = [
      {
        prompt: 'a [tricky] {one}',
        flag: true,
        speaker: 'woman',
        tags: 'A;c',
        recording: media.audio,
        picture: { uuid: media.image },
      },
      {
        prompt: 'b\\"',
        flag: 'false',
        speaker: 'Man',
        tags: '',
        recording: { uuid: media.audio },
        picture: media.image.toUpperCase(),
      },
    ]
    const response = await uploadTask(client, requiredFields(own), {
      name: 'items.json',
      content: JSON.stringify(rows, null, 2),
    })
    expect(response.statusCode, response.body).toBe(201)
    const stored = await itemsOf(t.db, response.json().id)
    expect(stored.map((item) => item.data)).toEqual([
      {
        prompt: 'a [tricky] {one}',
        flag: 'true',
        speaker: 'woman',
        tags: 'A;c',
        recording: { uuid: media.audio },
        picture: { uuid: media.image },
      },
      {
        prompt: 'b\\"',
        flag: 'false',
        speaker: 'Man',
        tags: '',
        recording: { uuid: media.audio },
        picture: { uuid: media.image },
      },
    ])
  })

  it('stores the media of a ZIP and points the items at their uuids', async () => {
    const own = await definitionsWith({
      itemSchema: { prompt: field('text'), recording: field('audio'), picture: field('image') },
    })
    const wav = toneWav([440, 550], 60)
    const png = discPng(16, [200, 200, 200], [200, 20, 20])
    const rows = [
      { prompt: 'one', recording: 'audio/one.wav', picture: '../images/disc.png' },
      { prompt: 'two', recording: './audio/one.wav', picture: '/images/disc.png' },
    ]
    const zip = zipArchive([
      { name: 'batch/data.jsonl', content: jsonl(rows) },
      { name: 'batch/audio/one.wav', content: wav },
      { name: 'images/disc.png', content: png, stored: true },
      { name: '__MACOSX/batch/._data.jsonl', content: 'resource fork' },
    ])
    const response = await uploadTask(client, requiredFields(own), {
      name: 'upload.zip',
      content: zip,
    })
    expect(response.statusCode, response.body).toBe(201)
    const taskId = response.json().id
    const media = await t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, taskId))
    expect(media.map((row) => [row.originalName, row.mimeType, row.sizeBytes]).sort()).toEqual([
      ['batch/audio/one.wav', 'audio/wav', wav.length],
      ['images/disc.png', 'image/png', png.length],
    ])
    const byName = new Map(media.map((row) => [row.originalName, row]))
    const audio = byName.get('batch/audio/one.wav')!
    const image = byName.get('images/disc.png')!
    expect(fs.readFileSync(mediaFilePath(mediaDir, audio.storageKey)).equals(wav)).toBe(true)
    expect(fs.readFileSync(mediaFilePath(mediaDir, image.storageKey)).equals(png)).toBe(true)
    const stored = await itemsOf(t.db, taskId)
    expect(stored.map((item) => item.data)).toEqual([
      { prompt: 'one', recording: { uuid: audio.uuid }, picture: { uuid: image.uuid } },
      { prompt: 'two', recording: { uuid: audio.uuid }, picture: { uuid: image.uuid } },
    ])
    expect(listFiles(mediaDir)).toEqual(
      expect.arrayContaining([
        mediaFilePath(mediaDir, audio.storageKey),
        mediaFilePath(mediaDir, image.storageKey),
      ]),
    )
  })

  it('groups fixed sets by items_per_set, and leaves dynamic sets to claim time', async () => {
    const fixed = await definitionsWith({ isFixedSets: true, itemsPerSet: 3 })
    const rows = Array.from({ length: 7 }, (_, index) => ({ prompt: `p${index}` }))
    const response = await uploadTask(client, requiredFields(fixed), {
      name: 'seven.jsonl',
      content: jsonl(rows),
    })
    expect(response.statusCode, response.body).toBe(201)
    const taskId = response.json().id
    const sets = await t.db
      .select()
      .from(itemSets)
      .where(eq(itemSets.taskId, taskId))
      .orderBy(itemSets.position)
    expect(sets.map((set) => [set.position, set.isFixed, set.userId])).toEqual([
      [0, true, null],
      [1, true, null],
      [2, true, null],
    ])
    const stored = await itemsOf(t.db, taskId)
    const setPosition = new Map(sets.map((set) => [set.id, set.position]))
    expect(stored.map((item) => setPosition.get(item.itemSetId!))).toEqual([0, 0, 0, 1, 1, 1, 2])

    const dynamic = await definitionsWith({ isFixedSets: false, itemsPerSet: 3 })
    const second = await uploadTask(client, requiredFields(dynamic), {
      name: 'seven.jsonl',
      content: jsonl(rows),
    })
    const secondId = second.json().id
    expect(await t.db.select().from(itemSets).where(eq(itemSets.taskId, secondId))).toEqual([])
    expect((await itemsOf(t.db, secondId)).every((item) => item.itemSetId === null)).toBe(true)
  })

  it('lets staff upload to any task type', async () => {
    const staff = await signIn(t, { roles: ['staff'] })
    const response = await uploadTask(staff, requiredFields(defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})

/** Media of an earlier task of the group, which new items may name by uuid. */
async function existingMedia(own: Definitions) {
  const zip = zipArchive([
    {
      name: 'data.csv',
      content: 'prompt,flag,speaker,tags,recording,picture\nx,true,Man,a,r.wav,p.png',
    },
    { name: 'r.wav', content: toneWav([300], 20) },
    { name: 'p.png', content: discPng(8, [0, 0, 0], [255, 255, 255]) },
  ])
  const response = await uploadTask(client, requiredFields(own), {
    name: 'first.zip',
    content: zip,
  })
  expect(response.statusCode, response.body).toBe(201)
  const media = await t.db
    .select()
    .from(mediaObjects)
    .where(eq(mediaObjects.taskId, response.json().id))
  return {
    audio: media.find((row) => row.mimeType === 'audio/wav')!.uuid,
    image: media.find((row) => row.mimeType === 'image/png')!.uuid,
  }
}

describe('POST /api/client/tasks/ refusing an upload', () => {
  let own: Definitions
  beforeAll(async () => {
    own = await definitionsWith({ itemSchema: richSchema })
  })

  const good = (extra: object = {}) => ({
    prompt: 'p',
    flag: 'true',
    speaker: 'Woman',
    tags: 'a',
    recording: 'r.wav',
    picture: 'p.png',
    ...extra,
  })
  const zipOf = (data: string, name = 'data.jsonl') =>
    zipArchive([
      { name, content: data },
      { name: 'r.wav', content: toneWav([300], 20) },
      { name: 'p.png', content: discPng(8, [0, 0, 0], [255, 255, 255]) },
    ])

  async function expectRefused(
    fields: Record<string, string>,
    file: Parameters<typeof uploadTask>[2],
    expected: Record<string, string[]>,
    status = 400,
  ) {
    const before = await createdSoFar(t.db, mediaDir)
    const response = await uploadTask(client, fields, file)
    expect(response.statusCode, response.body).toBe(status)
    const body = response.json()
    if (status === 400) {
      expect(body.code).toBe('validation_error')
      expect(body.fields).toEqual(expected)
    }
    expect(await createdSoFar(t.db, mediaDir)).toEqual(before)
    return body
  }

  it('names the line of bad JSON, missing fields, bad values and unknown fields', async () => {
    const lines = [
      JSON.stringify(good()),
      '{"prompt": "broken",',
      JSON.stringify(good({ flag: 'yes' })),
      JSON.stringify({ ...good(), speaker: undefined }),
      JSON.stringify(good({ tags: 'a;z', speaker: 'child' })),
      JSON.stringify(good({ extra: 1, prompt: 5 })),
      '[1, 2]',
      JSON.stringify(good({ recording: 'missing.wav', picture: 'r.wav' })),
      JSON.stringify(good({ picture: null })),
    ].join('\n')
    const body = await expectRefused(
      requiredFields(own),
      { name: 'd.zip', content: zipOf(lines) },
      {
        file: [
          expect.stringMatching(/^Line 2: not valid JSON \(.+\)\.$/),
          "Line 3: field 'flag' must be 'true' or 'false'.",
          "Line 4: field 'speaker' is missing.",
          // Fields come in the order PostgreSQL keeps jsonb keys: shorter names first.
          "Line 5: field 'tags' has 'z', which is not among its options.",
          "Line 5: field 'speaker' has 'child', which is not among its options.",
          "Line 6: unknown field 'extra'; the item fields are flag, tags, prompt, picture, speaker, recording (and optionally data_id).",
          "Line 6: field 'prompt' must be a string.",
          'Line 7: must be a JSON object.',
          "Line 8: field 'picture': 'r.wav' is not an image file (.png, .jpg, .jpeg, .gif, .webp, .avif, .bmp).",
          "Line 8: field 'recording': the file 'missing.wav' is not in the ZIP.",
          "Line 9: field 'picture' is missing.",
        ],
      },
    )
    expect(body.detail).toMatch(/^The file was not accepted, nothing was created\. Line 2: /)
  })

  it('lists at most 20 problems', async () => {
    const lines = Array.from({ length: 50 }, () => '{oops').join('\n')
    const body = await expectRefused(
      requiredFields(defs),
      { name: 'd.jsonl', content: lines },
      {
        file: Array.from({ length: 20 }, (_, index) =>
          expect.stringMatching(new RegExp(`^Line ${index + 1}: not valid JSON`)),
        ),
      },
    )
    expect(body.fields.file).toHaveLength(20)
  })

  it('names CSV rows, JSON array items and unknown media uuids', async () => {
    await expectRefused(
      requiredFields(defs),
      { name: 'd.csv', content: 'prompt,colour\na,b\n"x"\n' },
      {
        file: [
          "Row 1: unknown field 'colour'; the item fields are prompt (and optionally data_id).",
          'Row 3: has 1 values where the header row has 2.',
        ],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'd.csv', content: 'prompt\n"open\n' },
      {
        file: [expect.stringMatching(/^Row 2: .*[Qq]uote.*\.$/)],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'd.json', content: '[{"prompt": "a"}, {"prompt": 1}, 3]' },
      {
        file: ["Item 2: field 'prompt' must be a string.", 'Item 3: must be a JSON object.'],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'd.json', content: '[{"prompt": "a"}' },
      {
        file: ['Item 1: the file ends before the closing ] of the array.'],
      },
    )
    const missing = '6f1c2a5e-0000-4000-8000-000000000000'
    const media = JSON.stringify(good({ recording: missing }))
    await expectRefused(
      requiredFields(own),
      { name: 'd.jsonl', content: `${media}\n` },
      {
        file: [
          "Line 1: field 'picture' must be the uuid of a media file: file paths work only inside a ZIP.",
        ],
      },
    )
    const uuids = JSON.stringify(good({ recording: missing, picture: { uuid: missing } }))
    await expectRefused(
      requiredFields(own),
      { name: 'd.jsonl', content: uuids },
      {
        file: [`Line 1: there is no media file ${missing}.`],
      },
    )
  })

  it('refuses a ZIP without exactly one data file, other formats and empty files', async () => {
    const two = zipArchive([
      { name: 'a.jsonl', content: '{"prompt":"a"}' },
      { name: 'sub/b.csv', content: 'prompt\nb' },
    ])
    await expectRefused(
      requiredFields(defs),
      { name: 'two.zip', content: two },
      {
        file: ["The ZIP must hold exactly one data file; it holds 2: 'a.jsonl', 'sub/b.csv'."],
      },
    )
    const none = zipArchive([{ name: 'r.wav', content: toneWav([300], 20) }])
    await expectRefused(
      requiredFields(defs),
      { name: 'none.zip', content: none },
      {
        file: ['The ZIP holds no data file (.csv, .json, .jsonl, .ndjson).'],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'fake.zip', content: 'not a zip' },
      {
        file: ['The file is not a valid ZIP archive.'],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'notes.txt', content: 'hello' },
      {
        file: [
          expect.stringMatching(
            /^Unsupported file format: send one of \.jsonl, \.ndjson, \.csv, \.json, \.zip/,
          ),
        ],
      },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'empty.jsonl', content: '\n\n' },
      {
        file: ['The file holds no items.'],
      },
    )
  })

  it('names each missing or malformed field', async () => {
    await expectRefused({}, undefined, {
      task_type: ['This field is required.'],
      base_language: ['This field is required.'],
      target_language: ['This field is required.'],
      settle_target_lang: ['This field is required.'],
      file: ['This field is required.'],
    })
    await expectRefused(
      {
        ...requiredFields(defs),
        settle_target_lang: 'maybe',
        metadata: '{"a": 1}',
        deadline: 'tomorrow',
        start_task: 'yes',
        project: 'x',
      },
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      {
        settle_target_lang: ["must be 'true' or 'false'"],
        metadata: ['must be a JSON object of strings'],
        deadline: ['must be an ISO 8601 date, or a timestamp with its time zone'],
        start_task: ["must be 'true' or 'false'"],
        project: ['must be an id'],
      },
    )
    await expectRefused(
      { ...requiredFields(defs), base_language: '999999', project: '999999' },
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      { base_language: ['No such language.'], project: ['No such project.'] },
    )
    await expectRefused(
      requiredFields(defs),
      { name: 'a.jsonl', content: '{"prompt":"x"}', field: 'data' },
      { file: ["The file must be sent in the part named 'file', not 'data'."] },
    )
  })

  it("answers 404 for another client's task type and 403 to an end worker", async () => {
    const other = await signIn(t, { roles: ['client'] })
    const foreign = await createDefinitions(t.db, other.user.id, { itemSchema: textOnlySchema })
    const body = await expectRefused(
      requiredFields(foreign),
      { name: 'a.jsonl', content: '{"prompt":"x"}' },
      {},
      404,
    )
    expect(body.code).toBe('not_found')
    const worker = await signIn(t, { roles: ['endworker'] })
    const response = await uploadTask(worker, requiredFields(defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('GET /api/client/tasks/{id}/processing/', () => {
  it("answers 404 for another client's task", async () => {
    const response = await uploadTask(client, requiredFields(defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    const other = await signIn(t, { roles: ['client'] })
    expect((await other.get(`client/tasks/${response.json().id}/processing/`)).statusCode).toBe(404)
    expect((await client.get('client/tasks/999999/processing/')).statusCode).toBe(404)
  })
})

describe('an import that fails', () => {
  it('removes everything it wrote, records the error and keeps the task PROCESSING', async () => {
    const own = await definitionsWith({
      itemSchema: { prompt: field('text'), recording: field('audio') },
      isFixedSets: true,
      itemsPerSet: 5,
    })
    // The first batch (2000 items) commits before the broken entry of the last item is read.
    const rows = Array.from({ length: 2001 }, (_, index) => ({
      prompt: `p${index}`,
      recording: index === 2000 ? 'broken.wav' : 'ok.wav',
    }))
    const zip = zipArchive([
      { name: 'data.jsonl', content: jsonl(rows) },
      { name: 'ok.wav', content: toneWav([300], 20) },
      { name: 'broken.wav', content: toneWav([400], 20), corrupt: true },
    ])
    const before = await createdSoFar(t.db, mediaDir)
    const response = await uploadTask(client, requiredFields(own), { name: 'd.zip', content: zip })
    expect(response.statusCode, response.body).toBe(201)
    const { id } = response.json()
    expect(response.json()).toEqual({ id, status: 'PROCESSING', items_count: 2001 })
    const processing = (await client.get(`client/tasks/${id}/processing/`)).json()
    expect(processing).toEqual({
      status: 'PROCESSING',
      processed_items: 0,
      total_items: 2001,
      error: expect.stringMatching(/^The import failed: /),
    })
    const after = await createdSoFar(t.db, mediaDir)
    // Only the task and its uploaded file remain, for a retry or a deletion.
    expect(after).toEqual({
      ...before,
      tasks: before.tasks + 1,
      mediaObjects: before.mediaObjects + 1,
      files: before.files + 1,
    })

    // A retry of the same import fails the same way and still leaves nothing behind.
    await expect(
      importTask({ db: t.db, mediaDir, logger: silent }, { taskId: id, startTask: false }),
    ).rejects.toThrow()
    expect(await createdSoFar(t.db, mediaDir)).toEqual(after)
  })
})

const silent = { error: () => {}, warn: () => {} }
