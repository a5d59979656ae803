import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dump, DumpOption } from '../../../../contract/client-tasks'
import { dumps, reviewItems } from '../../../db/schema'
import { createTestAppWithMedia, type MediaTestApp, mediaFilePath } from '../../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../../test/session-client'
import { LocalMediaStore } from '../../media/store/local-store'
import { appWebhookEvents } from '../../webhooks/events'
import { type Definitions, seedTask, seedWorkspace } from '../test-fixtures'
import { runExport } from './export-job'

type Line = {
  item_id: number
  data_id?: string
  data: Record<string, unknown>
  annotations: {
    id: number
    data: Record<string, unknown>
    is_done: boolean
    author_id?: number
    review?: { mark: number } | null
  }[]
}

describe('result export (dump_async), inline without a job queue', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let own: Definitions
  let taskId: number
  let itemIds: number[]
  let ids: number[][]
  let ann: number
  let bob: number
  let cid: number

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-dumps')
    client = await signIn(t, { roles: ['client'] })
    ann = (await createUser(t.db, { roles: ['endworker'] })).id
    bob = (await createUser(t.db, { roles: ['endworker'] })).id
    cid = (await createUser(t.db, { roles: ['endworker'] })).id
    own = await seedWorkspace(t.db, [client.user.id], { annotationsPerItem: 2 })
    const heard = { uuid: 'att-1', audio_played_to_end: true }
    const seeded = await seedTask(t.db, own, {
      status: 'IN_PROGRESS',
      downloadEnabled: true,
      items: [
        {
          data: { prompt: 'done, twice the same', recording: { uuid: 'rec-1' } },
          dataId: 'A',
          annotations: [
            { userId: ann, isDone: true, data: { transcript: 'same', ok: 'true', heard } },
            { userId: bob, isDone: true, data: { transcript: 'same', ok: 'true', heard } },
          ],
        },
        {
          data: { prompt: 'not done' },
          dataId: 'B',
          annotations: [{ userId: ann, isDone: true, data: { transcript: 'lonely' } }],
        },
        {
          data: { prompt: 'done, partly unvalidated' },
          dataId: 'C',
          annotations: [
            { userId: ann, isDone: true, data: { transcript: 'good, "quoted"', ok: 'false' } },
            { userId: bob, isDone: true, isValidating: true, data: { transcript: 'checking' } },
            { userId: cid, data: { transcript: 'x' }, errors: { transcript: ['Too short.'] } },
          ],
        },
      ],
    })
    taskId = seeded.task.id
    itemIds = seeded.itemIds
    ids = seeded.annotationIds
    await t.db.insert(reviewItems).values({
      itemId: itemIds[0]!,
      annotationId: ids[0]![0]!,
      taskId,
      userId: ann,
      reviewerId: client.user.id,
      status: 'REVIEWED',
      mark: 4,
      errorTypes: ['LEXICAL', 'OTHER'],
      comment: 'Fine',
      reviewedAt: new Date('2030-02-01T10:00:00Z'),
    })
  })
  afterAll(() => t.close())

  const dumpPath = (id = taskId) => `client/tasks/${id}/dump_async/`

  const exportText = async (body: Record<string, unknown> = {}) => {
    const created = await client.post(dumpPath(), body)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().status).toBe('FINISHED')
    const file = await client.get(`${dumpPath()}file/`)
    expect(file.statusCode).toBe(200)
    return file.body
  }
  const exportLines = async (options: Partial<Record<DumpOption, boolean>> = {}) =>
    (await exportText(options))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Line)

  it('exports done items with validated annotations as JSON Lines by default', async () => {
    const lines = await exportLines()
    expect(lines).toEqual([
      {
        item_id: itemIds[0],
        data: { prompt: 'done, twice the same', recording: { uuid: 'rec-1' } },
        annotations: [
          {
            id: ids[0]![0],
            data: { transcript: 'same', ok: 'true', heard: { audio_played_to_end: true } },
            is_done: true,
          },
          {
            id: ids[0]![1],
            data: { transcript: 'same', ok: 'true', heard: { audio_played_to_end: true } },
            is_done: true,
          },
        ],
      },
      {
        item_id: itemIds[2],
        data: { prompt: 'done, partly unvalidated' },
        annotations: [
          { id: ids[2]![0], data: { transcript: 'good, "quoted"', ok: 'false' }, is_done: true },
        ],
      },
    ])
  })

  it('changes the output with each of the eight options', async () => {
    const base = await exportLines()
    const withOption = (option: DumpOption) => exportLines({ [option]: true })

    const uuids = await withOption('include_annotation_attachment_uuid')
    expect(uuids[0]!.annotations[0]!.data.heard).toEqual({
      uuid: 'att-1',
      audio_played_to_end: true,
    })

    const authors = await withOption('include_author_id')
    expect(authors[0]!.annotations.map((annotation) => annotation.author_id)).toEqual([ann, bob])

    const dataIds = await withOption('include_data_ids')
    expect(dataIds.map((line) => line.data_id)).toEqual(['A', 'C'])

    const notDone = await withOption('include_not_done_items')
    expect(notDone.map((line) => line.item_id)).toEqual(itemIds)

    const unvalidated = await withOption('include_not_validated_annotations')
    expect(unvalidated[1]!.annotations.map((annotation) => annotation.id)).toEqual(ids[2])
    expect(unvalidated[1]!.annotations.map((annotation) => annotation.is_done)).toEqual([
      true,
      true,
      false,
    ])

    const unique = await withOption('remove_duplicates')
    expect(unique[0]!.annotations.map((annotation) => annotation.id)).toEqual([ids[0]![0]])

    const filled = await withOption('fill_hidden_fields_with_defaults')
    expect(filled[0]!.annotations[0]!.data).toEqual({
      transcript: 'same',
      ok: 'true',
      note: '',
      heard: { audio_played_to_end: true },
    })
    // The note row shows when ok is 'false': there the field stays as the worker left it.
    expect(filled[1]!.annotations[0]!.data).toEqual({ transcript: 'good, "quoted"', ok: 'false' })
    expect(base[0]!.annotations[0]!.data).not.toHaveProperty('note')

    const reviewed = await withOption('include_review')
    expect(reviewed[0]!.annotations.map((annotation) => annotation.review)).toEqual([
      {
        status: 'REVIEWED',
        mark: 4,
        error_types: ['LEXICAL', 'OTHER'],
        comment: 'Fine',
        reviewed_timestamp: '2030-02-01T10:00:00.000Z',
      },
      null,
    ])
    for (const line of base) {
      for (const annotation of line.annotations) {
        expect(Object.keys(annotation).sort()).toEqual(['data', 'id', 'is_done'])
      }
    }
  })

  it('exports CSV with one row per annotation and the schema fields as columns', async () => {
    const csv = await exportText({
      format: 'csv',
      include_data_ids: true,
      include_not_done_items: true,
    })
    expect(csv.split('\n')).toEqual([
      'item_id,data_id,data.prompt,data.recording,annotation_id,is_done,annotation.transcript,annotation.ok,annotation.note',
      `${itemIds[0]},A,"done, twice the same","{""uuid"":""rec-1""}",${ids[0]![0]},true,same,true,`,
      `${itemIds[0]},A,"done, twice the same","{""uuid"":""rec-1""}",${ids[0]![1]},true,same,true,`,
      `${itemIds[1]},B,not done,,${ids[1]![0]},true,lonely,,`,
      `${itemIds[2]},C,"done, partly unvalidated",,${ids[2]![0]},true,"good, ""quoted""",false,`,
      '',
    ])
    const reviewCsv = await exportText({
      format: 'csv',
      include_author_id: true,
      include_review: true,
      include_not_validated_annotations: true,
    })
    const rows = reviewCsv.trimEnd().split('\n')
    expect(rows[0]).toBe(
      'item_id,data.prompt,data.recording,annotation_id,author_id,is_done,annotation.transcript,annotation.ok,annotation.note,review_mark,review_error_types,review_comment',
    )
    expect(rows[1]!.endsWith(`,${ann},true,same,true,,4,LEXICAL;OTHER,Fine`)).toBe(true)
    expect(rows).toHaveLength(1 + 2 + 3)
  })

  it('gives no review, and an empty review_mark cell, to an annotation drawn but not graded yet', async () => {
    await t.db.insert(reviewItems).values({
      itemId: itemIds[0]!,
      annotationId: ids[0]![1]!,
      taskId,
      userId: bob,
      status: 'PENDING',
    })
    const lines = await exportLines({ include_review: true })
    expect(lines[0]!.annotations.map((annotation) => annotation.review?.mark ?? null)).toEqual([
      4,
      null,
    ])
    expect(lines[0]!.annotations[1]!.review).toBeNull()
    const csv = await exportText({ format: 'csv', include_review: true })
    const rows = csv.trimEnd().split('\n')
    expect(rows[1]!.endsWith(',4,LEXICAL;OTHER,Fine')).toBe(true)
    expect(rows[2]!.startsWith(`${itemIds[0]},`)).toBe(true)
    expect(rows[2]!.endsWith(',same,true,,,,')).toBe(true)
  })

  it('writes formula-leading cells of items and annotations as text in CSV', async () => {
    const hostile = await seedTask(t.db, own, {
      status: 'IN_PROGRESS',
      downloadEnabled: true,
      items: [
        {
          data: { prompt: '=HYPERLINK("http://evil.example","x")' },
          annotations: [
            { userId: ann, isDone: true, data: { transcript: '@SUM(1,2)', ok: '+1+2' } },
          ],
        },
      ],
    })
    const id = hostile.task.id
    const created = await client.post(dumpPath(id), { format: 'csv', include_not_done_items: true })
    expect(created.statusCode, created.body).toBe(201)
    const file = await client.get(`${dumpPath(id)}file/`)
    expect(file.body.split('\n')[1]).toBe(
      `${hostile.itemIds[0]},"'=HYPERLINK(""http://evil.example"",""x"")",,${hostile.annotationIds[0]![0]},true,"'@SUM(1,2)",'+1+2,`,
    )
  })

  it('keeps the dump with its status, progress, options and file', async () => {
    const created = await client.post(dumpPath(), { include_review: true })
    const dump = created.json() as Dump
    expect(dump).toMatchObject({
      task: taskId,
      author: { id: client.user.id, username: client.user.username },
      status: 'FINISHED',
      format: 'jsonl',
      progress: 100,
      task_status: 'IN_PROGRESS',
      // 5 of 6 annotations count: item A 2, item B 1, item C 2 of its 3.
      task_progress: 83.33,
      include_review: true,
      include_author_id: false,
      error: null,
      file: `/api/client/tasks/${taskId}/dump_async/file/`,
    })
    expect(dump.processed_timestamp).not.toBeNull()
    const latest = await client.get(dumpPath())
    expect(latest.statusCode).toBe(200)
    expect(latest.json()).toEqual(dump)
    expect((await client.get(`client/tasks/${taskId}/`)).json().latest_dump).toEqual(dump)

    const file = await client.get(`${dumpPath()}file/`)
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''task-${taskId}-results-${dump.id}.jsonl`,
    )
    expect(file.headers['content-type']).toBe('application/x-ndjson')
    expect(file.headers['cache-control']).toBe('private, no-cache')
  })

  it('deletes the latest dump with its file', async () => {
    const dump = (await client.post(dumpPath(), {})).json() as Dump
    const [row] = await t.db.select().from(dumps).where(eq(dumps.id, dump.id))
    const file = mediaFilePath(t.mediaDir, row!.filePath!)
    expect(fs.existsSync(file)).toBe(true)
    expect((await client.delete(dumpPath())).statusCode).toBe(204)
    expect(fs.existsSync(file)).toBe(false)
    expect(await t.db.select().from(dumps).where(eq(dumps.id, dump.id))).toEqual([])
    // The one before becomes the latest.
    expect((await client.get(dumpPath())).json().id).toBeLessThan(dump.id)
  })

  it('answers null before any export, 404 for its file, and refuses what cannot be exported', async () => {
    const fresh = await seedTask(t.db, own, { downloadEnabled: true, items: [{}] })
    const latest = await client.get(dumpPath(fresh.task.id))
    expect(latest.statusCode).toBe(200)
    expect(latest.json()).toBeNull()
    expect((await client.get(`${dumpPath(fresh.task.id)}file/`)).statusCode).toBe(404)
    expect((await client.delete(dumpPath(fresh.task.id))).statusCode).toBe(404)

    const disabled = await seedTask(t.db, own, { downloadEnabled: false })
    const refused = await client.post(dumpPath(disabled.task.id), {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toContain('download_enabled')

    const processingTask = await seedTask(t.db, own, {
      status: 'PROCESSING',
      downloadEnabled: true,
    })
    expect((await client.post(dumpPath(processingTask.task.id), {})).statusCode).toBe(409)

    await t.db
      .insert(dumps)
      .values({ taskId: fresh.task.id, taskStatus: 'CREATED', status: 'PROCESSING', progress: 40 })
    const running = await client.post(dumpPath(fresh.task.id), {})
    expect(running.statusCode).toBe(409)
    expect(running.json().detail).toContain('already running')
    expect((await client.get(dumpPath(fresh.task.id))).json()).toMatchObject({
      status: 'PROCESSING',
      progress: 40,
      file: null,
    })
    expect((await client.get(`${dumpPath(fresh.task.id)}file/`)).statusCode).toBe(404)

    const typo = await client.post(dumpPath(), { include_reviews: true })
    expect(typo.statusCode).toBe(400)
    expect((await client.post(dumpPath(), { format: 'xlsx' })).statusCode).toBe(400)
  })

  it('marks a failed export FAILED and leaves no file; a deleted one is skipped', async () => {
    const [failing] = await t.db
      .insert(dumps)
      .values({ taskId, taskStatus: 'IN_PROGRESS', status: 'PROCESSING' })
      .returning()
    const notADirectory = path.join(t.mediaDir, 'plain-file')
    fs.writeFileSync(notADirectory, 'x')
    const problems: object[] = []
    const logger = { error: (details: object) => problems.push(details), warn: () => {} }
    const events = appWebhookEvents(t.app)
    await runExport(
      { db: t.db, media: new LocalMediaStore(notADirectory), logger, events },
      failing!.id,
    )
    const [failed] = await t.db.select().from(dumps).where(eq(dumps.id, failing!.id))
    expect(failed).toMatchObject({ status: 'FAILED', filePath: null })
    expect(failed!.error).toContain('failed')
    expect(failed!.processedAt).not.toBeNull()
    expect(problems).toHaveLength(1)

    const before = fs.readdirSync(t.mediaDir, { recursive: true }).length
    await runExport({ db: t.db, media: t.media, logger, events }, 999999)
    expect(fs.readdirSync(t.mediaDir, { recursive: true }).length).toBe(before)
  })
})
