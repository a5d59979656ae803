import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { itemSets, mediaObjects, taskSchemas, tasks, taskTypeProjects } from '../../db/schema'
import { discPng, toneWav } from '../../demo/media-files'
import { listFiles, mediaFilePath } from '../../test/harness'
import type { MultipartFile } from '../../test/multipart'
import { signIn } from '../../test/session-client'
import { IMPORT_BATCH_ITEMS } from './import'
import {
  type Definitions,
  field,
  itemsOf,
  jsonl,
  requiredFields,
  richSchema,
  setUpIntakeTests,
  uploadTask,
  zipArchive,
} from './test-support'

/** Uploads that make a task. */
const intake = setUpIntakeTests('intake-upload')

/** Uploads `file` as the client with the required fields of `own`; answers the new task's id. */
async function uploadedTaskId(own: Definitions, file: MultipartFile): Promise<number> {
  const response = await uploadTask(intake.client, requiredFields(own), file)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id
}

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
  const taskId = await uploadedTaskId(own, { name: 'first.zip', content: zip })
  const media = await intake.t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, taskId))
  return {
    audio: media.find((row) => row.mimeType === 'audio/wav')!.uuid,
    image: media.find((row) => row.mimeType === 'image/png')!.uuid,
  }
}

describe('POST /api/client/tasks/ with a valid file', () => {
  it('makes a task from JSON Lines, pinned to the current definitions, and imports it at once', async () => {
    await intake.t.db
      .insert(taskTypeProjects)
      .values({ taskTypeId: intake.defs.taskTypeId, projectId: intake.defs.projectId })
    const rows = [
      { prompt: 'first', data_id: 'a-1' },
      { prompt: 'second "quoted"' },
      { prompt: 'third', data_id: 3 },
    ]
    const response = await uploadTask(
      intake.client,
      {
        ...requiredFields(intake.defs),
        settle_target_lang: 'true',
        description: 'Batch one',
        metadata: JSON.stringify({ batch: '7', owner: 'me' }),
        project: String(intake.defs.projectId),
        deadline: '2030-01-02T03:04:05Z',
        start_task: '',
      },
      { name: 'batch.jsonl', content: `${jsonl(rows)}\n\n` },
    )
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body).toEqual({ id: expect.any(Number), status: 'CREATED', items_count: 3 })

    const [task] = await intake.t.db.select().from(tasks).where(eq(tasks.id, body.id))
    expect(task).toMatchObject({
      description: 'Batch one',
      status: 'CREATED',
      authorId: intake.client.user.id,
      taskTypeId: intake.defs.taskTypeId,
      projectId: intake.defs.projectId,
      baseLanguageId: intake.defs.languageIds.en,
      targetLanguageId: intake.defs.languageIds.pl,
      settleTargetLang: true,
      schemaId: intake.defs.schemaId,
      protocolId: intake.defs.protocolId,
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
    const stored = await itemsOf(intake.t.db, body.id)
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
    expect(listFiles(intake.t.mediaDir)).toEqual([])
    expect(await intake.t.db.select().from(mediaObjects)).toEqual([])

    const processing = await intake.client.get(`client/tasks/${body.id}/processing/`)
    expect(processing.json()).toEqual({
      status: 'CREATED',
      processed_items: 3,
      total_items: 3,
      error: null,
    })
  })

  it('starts the task when start_task is true, and pins the newest schema version', async () => {
    const own = await intake.definitionsWith({ maxItemsPerUserPercent: 50 })
    const [newer] = await intake.t.db
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
    await intake.t.db
      .update(taskSchemas)
      .set({ nextVersionId: newer!.id })
      .where(eq(taskSchemas.id, own.schemaId))
    const response = await uploadTask(
      intake.client,
      { ...requiredFields(own), start_task: 'true' },
      { name: 'data.ndjson', content: jsonl([{ text: 'x' }, { text: 'y' }, { text: 'z' }]) },
    )
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().status).toBe('IN_PROGRESS')
    const [task] = await intake.t.db.select().from(tasks).where(eq(tasks.id, response.json().id))
    expect(task?.schemaId).toBe(newer!.id)
    expect(task?.startedAt).toBeInstanceOf(Date)
    expect(task?.maxItemsPerUser).toBe(2)
  })

  it('reads CSV with quoted commas, quotes and line breaks', async () => {
    const own = await intake.definitionsWith({
      itemSchema: { prompt: field('text'), note: field('textarea') },
    })
    const csv = [
      'prompt,note,data_id',
      'plain,"one, two",r1',
      '"with ""quotes""","line one\r\nline two",r2',
      'last,,r3',
    ].join('\r\n')
    const taskId = await uploadedTaskId(own, { name: 'rows.csv', content: `\uFEFF${csv}\r\n` })
    const stored = await itemsOf(intake.t.db, taskId)
    expect(stored.map((item) => [item.data, item.dataId])).toEqual([
      [{ prompt: 'plain', note: 'one, two' }, 'r1'],
      [{ prompt: 'with "quotes"', note: 'line one\r\nline two' }, 'r2'],
      [{ prompt: 'last', note: '' }, 'r3'],
    ])
  })

  it('reads a JSON array, checking every widget kind', async () => {
    const own = await intake.definitionsWith({ itemSchema: richSchema })
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
    const taskId = await uploadedTaskId(own, {
      name: 'items.json',
      content: JSON.stringify(rows, null, 2),
    })
    const stored = await itemsOf(intake.t.db, taskId)
    // As sent, but a boolean becomes its string and a bare or upper-case uuid a media field.
    expect(stored.map((item) => item.data)).toEqual([
      { ...rows[0], flag: 'true', recording: { uuid: media.audio } },
      { ...rows[1], picture: { uuid: media.image } },
    ])
  })

  it('stores the media of a ZIP and points the items at their uuids', async () => {
    const own = await intake.definitionsWith({
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
    const taskId = await uploadedTaskId(own, { name: 'upload.zip', content: zip })
    const media = await intake.t.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.taskId, taskId))
    expect(media.map((row) => [row.originalName, row.mimeType, row.sizeBytes]).sort()).toEqual([
      ['batch/audio/one.wav', 'audio/wav', wav.length],
      ['images/disc.png', 'image/png', png.length],
    ])
    const byName = new Map(media.map((row) => [row.originalName, row]))
    const audio = byName.get('batch/audio/one.wav')!
    const image = byName.get('images/disc.png')!
    expect(fs.readFileSync(mediaFilePath(intake.t.mediaDir, audio.storageKey)).equals(wav)).toBe(
      true,
    )
    expect(fs.readFileSync(mediaFilePath(intake.t.mediaDir, image.storageKey)).equals(png)).toBe(
      true,
    )
    const stored = await itemsOf(intake.t.db, taskId)
    expect(stored.map((item) => item.data)).toEqual([
      { prompt: 'one', recording: { uuid: audio.uuid }, picture: { uuid: image.uuid } },
      { prompt: 'two', recording: { uuid: audio.uuid }, picture: { uuid: image.uuid } },
    ])
    expect(listFiles(intake.t.mediaDir)).toEqual(
      expect.arrayContaining([
        mediaFilePath(intake.t.mediaDir, audio.storageKey),
        mediaFilePath(intake.t.mediaDir, image.storageKey),
      ]),
    )
  })

  it('groups fixed sets by items_per_set, and leaves dynamic sets to claim time', async () => {
    const fixed = await intake.definitionsWith({ isFixedSets: true, itemsPerSet: 3 })
    const rows = Array.from({ length: 7 }, (_, index) => ({ prompt: `p${index}` }))
    const taskId = await uploadedTaskId(fixed, { name: 'seven.jsonl', content: jsonl(rows) })
    const sets = await intake.t.db
      .select()
      .from(itemSets)
      .where(eq(itemSets.taskId, taskId))
      .orderBy(itemSets.position)
    expect(sets.map((set) => [set.position, set.isFixed, set.userId])).toEqual([
      [0, true, null],
      [1, true, null],
      [2, true, null],
    ])
    const stored = await itemsOf(intake.t.db, taskId)
    const setPosition = new Map(sets.map((set) => [set.id, set.position]))
    expect(stored.map((item) => setPosition.get(item.itemSetId!))).toEqual([0, 0, 0, 1, 1, 1, 2])

    const dynamic = await intake.definitionsWith({ isFixedSets: false, itemsPerSet: 3 })
    const second = await uploadTask(intake.client, requiredFields(dynamic), {
      name: 'seven.jsonl',
      content: jsonl(rows),
    })
    const secondId = second.json().id
    expect(await intake.t.db.select().from(itemSets).where(eq(itemSets.taskId, secondId))).toEqual(
      [],
    )
    expect((await itemsOf(intake.t.db, secondId)).every((item) => item.itemSetId === null)).toBe(
      true,
    )
  })

  it('keeps fixed sets whole in every batch, whether a batch is cut by bytes or by items', async () => {
    const fixed = await intake.definitionsWith({ isFixedSets: true, itemsPerSet: 5 })
    // 84 items of 100 kB pass IMPORT_BATCH_BYTES (8 MiB), inside a set: the batch ends with the
    // set, at 85; then a batch of IMPORT_BATCH_ITEMS, and the rest.
    const large = 'x'.repeat(100_000)
    const rows = Array.from({ length: 100 + IMPORT_BATCH_ITEMS }, (_, index) => ({
      prompt: index < 100 ? `${index}${large}` : `p${index}`,
    }))
    const taskId = await uploadedTaskId(fixed, { name: 'sets.jsonl', content: jsonl(rows) })
    const sets = await intake.t.db.select().from(itemSets).where(eq(itemSets.taskId, taskId))
    expect(sets.length).toBe(rows.length / 5)
    const setPosition = new Map(sets.map((set) => [set.id, set.position]))
    const stored = await itemsOf(intake.t.db, taskId)
    expect(stored.map((item) => item.data.prompt)).toEqual(rows.map((row) => row.prompt))
    expect(
      stored.filter((item) => setPosition.get(item.itemSetId!) !== Math.floor(item.position / 5)),
    ).toEqual([])
  }, 60_000)

  it('lets staff upload to any task type', async () => {
    const staff = await signIn(intake.t, { roles: ['staff'] })
    const response = await uploadTask(staff, requiredFields(intake.defs), {
      name: 'a.jsonl',
      content: '{"prompt":"x"}',
    })
    expect(response.statusCode, response.body).toBe(201)
  })
})
