import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items } from '../../db/schema'
import { toneWav } from '../../demo/media-files'
import { appWebhookEvents } from '../webhooks/events'
import { abandonImport, IMPORT_BATCH_ITEMS, type ImportContext, importTask } from './import'
import {
  createdSoFar,
  field,
  jsonl,
  processingTask,
  requiredFields,
  setUpIntakeTests,
  uploadTask,
  zipArchive,
} from './test-support'

/**
 * Imports that fail after their upload was accepted: what they leave behind and what the client
 * is told. A file that passes the upload check always imports, so these tasks are given source
 * files that never went through it (as if the stored file changed, or the database failed).
 */
const intake = setUpIntakeTests('import-failures')

function contextWith(logged: object[] = []): ImportContext {
  return {
    db: intake.t.db,
    media: intake.t.media,
    logger: { error: (details) => logged.push(details), warn: () => {} },
    zipLimits: intake.t.app.config.zipLimits,
    contentKeys: intake.t.app.mediaKeys,
    events: appWebhookEvents(intake.t.app),
  }
}

const processing = async (taskId: number) =>
  (await intake.client.get(`client/tasks/${taskId}/processing/`)).json()

describe('an import that fails', () => {
  it('removes everything it wrote, records the file problem and keeps the task deletable', async () => {
    const own = await intake.definitionsWith({
      itemSchema: { prompt: field('text'), recording: field('audio') },
      isFixedSets: true,
      itemsPerSet: 5,
    })
    // The first batch commits before the lying entry of the last item is read.
    const rows = Array.from({ length: IMPORT_BATCH_ITEMS + 1 }, (_, index) => ({
      prompt: `p${index}`,
      recording: index === IMPORT_BATCH_ITEMS ? 'broken.wav' : 'ok.wav',
    }))
    const broken = toneWav([400], 20)
    const zip = zipArchive([
      { name: 'data.jsonl', content: jsonl(rows) },
      { name: 'ok.wav', content: toneWav([300], 20) },
      { name: 'broken.wav', content: broken, declaredSize: broken.length - 10 },
    ])
    const seed = zipArchive([
      { name: 'data.jsonl', content: jsonl([{ prompt: 'seed', recording: 'ok.wav' }]) },
      { name: 'ok.wav', content: toneWav([300], 20) },
    ])
    const taskId = await processingTask(intake, own, 'd.zip', zip, {
      name: 'seed.zip',
      content: seed,
    })
    const before = await createdSoFar(intake.t.db, intake.t.mediaDir)

    await expect(importTask(contextWith(), { taskId, startTask: false })).rejects.toThrow()
    expect(await processing(taskId)).toEqual({
      status: 'PROCESSING',
      processed_items: 0,
      total_items: 1,
      error: `The import failed: The ZIP entry 'broken.wav' inflates to more than the ${(broken.length - 10).toLocaleString('en')} bytes its header declares; the archive is damaged or forged.`,
    })
    // Only the task and its uploaded file remain, for a retry or a deletion.
    expect(await createdSoFar(intake.t.db, intake.t.mediaDir)).toEqual(before)

    // A retry fails the same way and still leaves nothing behind.
    await expect(importTask(contextWith(), { taskId, startTask: false })).rejects.toThrow()
    expect(await createdSoFar(intake.t.db, intake.t.mediaDir)).toEqual(before)

    const deleted = await intake.client.delete(`client/tasks/${taskId}/`)
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await createdSoFar(intake.t.db, intake.t.mediaDir)).toMatchObject({
      tasks: before.tasks - 1,
      files: before.files - 1,
    })
  })

  it('tells the client of a database error only that the server failed, and logs the detail', async () => {
    const taskId = await processingTask(
      intake,
      intake.defs,
      'refused.jsonl',
      jsonl([{ prompt: 'fine' }, { prompt: 'refused by the database' }]),
    )
    // A real refusal by the database, of a value no upload check knows about.
    await intake.t.db.execute(
      sql`alter table items add constraint test_refused check (data->>'prompt' <> 'refused by the database')`,
    )
    const logged: object[] = []
    const failure = await importTask(contextWith(logged), { taskId, startTask: false }).then(
      () => null,
      (error: Error) => error,
    )
    await intake.t.db.execute(sql`alter table items drop constraint test_refused`)
    expect(`${failure?.message} ${(failure?.cause as Error | undefined)?.message}`).toContain(
      'test_refused',
    )
    expect(logged).toEqual([{ err: failure, taskId }])
    const { error } = await processing(taskId)
    expect(error).toBe(
      'The import failed because of an error on the server (it is in the server log). Delete the task and upload the file again; if it fails again, tell the administrator.',
    )
    expect(await intake.t.db.$count(items, eq(items.taskId, taskId))).toBe(0)
  })

  it('is given up with a reason when no attempt could finish, and the task can go', async () => {
    const taskId = await processingTask(intake, intake.defs, 'a.jsonl', jsonl([{ prompt: 'x' }]))
    // What an attempt killed mid-import left behind.
    await intake.t.db.insert(items).values({ taskId, position: 0, data: { prompt: 'x' } })
    await abandonImport(contextWith(), taskId, 'Given up.')
    expect(await processing(taskId)).toEqual({
      status: 'PROCESSING',
      processed_items: 0,
      total_items: 1,
      error: 'Given up.',
    })
    const deleted = await intake.client.delete(`client/tasks/${taskId}/`)
    expect(deleted.statusCode, deleted.body).toBe(204)
  })

  it('leaves a task alone that finished meanwhile', async () => {
    const made = await uploadTask(intake.client, requiredFields(intake.defs), {
      name: 'done.jsonl',
      content: JSON.stringify({ prompt: 'done' }),
    })
    const taskId: number = made.json().id
    await abandonImport(contextWith(), taskId, 'Given up.')
    expect(await processing(taskId)).toMatchObject({ status: 'CREATED', error: null })
    expect(await intake.t.db.$count(items, eq(items.taskId, taskId))).toBe(1)
  })
})
