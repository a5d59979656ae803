import fs from 'node:fs'
import { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Task } from '../../../../contract/client-tasks'
import type { TaskStatus } from '../../../../contract/task-intake'
import {
  annotations,
  dumps,
  itemSets,
  items,
  mediaObjects,
  projects,
  tasks,
  timeLogIntervals,
} from '../../../db/schema'
import { createTestAppWithMedia, type MediaTestApp, mediaFilePath } from '../../../test/harness'
import { type SignedInClient, signIn } from '../../../test/session-client'
import { storeStream } from '../../media/storage'
import { type Definitions, seedTask, seedWorkspace } from '../test-fixtures'

describe('task panel: detail, edit, status, delete, bulk and clone', () => {
  let t: MediaTestApp
  let client: SignedInClient
  let annotatorId: number
  let own: Definitions

  beforeAll(async () => {
    t = await createTestAppWithMedia('client-tasks-edit')
    client = await signIn(t, { roles: ['client'] })
    annotatorId = (await signIn(t, { roles: ['endworker'] })).user.id
    own = await seedWorkspace(t.db, [client.user.id])
  })
  afterAll(() => t.close())

  const taskWith = async (status: TaskStatus, overrides: Partial<typeof tasks.$inferInsert> = {}) =>
    (await seedTask(t.db, own, { status, ...overrides })).task.id
  const statusOf = async (id: number) =>
    (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0]?.status

  it('answers one task', async () => {
    const id = (await seedTask(t.db, own, { items: [{}] })).task.id
    const response = await client.get(`client/tasks/${id}/`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id, status: 'CREATED', items: { total: 1, done: 0 } })
    expect((await client.get('client/tasks/999999/')).statusCode).toBe(404)
  })

  it('edits the editable fields', async () => {
    const id = await taskWith('IN_PROGRESS')
    const [project] = await t.db.insert(projects).values({ name: 'Edited' }).returning()
    const response = await client.patch(`client/tasks/${id}/`, {
      description: 'New words',
      deadline: '2031-05-01T12:00:00Z',
      metadata: { batch: '9' },
      local_parameters: { speed: 1.5 },
      project: project!.id,
      download_enabled: true,
      max_items_per_user: 20,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      description: 'New words',
      deadline: '2031-05-01T12:00:00.000Z',
      metadata: { batch: '9' },
      local_parameters: { speed: 1.5 },
      project: { id: project!.id, name: 'Edited' },
      download_enabled: true,
      max_items_per_user: 20,
      status: 'IN_PROGRESS',
    })
    const cleared = await client.patch(`client/tasks/${id}/`, {
      deadline: null,
      project: null,
      max_items_per_user: null,
    })
    expect(cleared.json()).toMatchObject({
      deadline: null,
      project: null,
      max_items_per_user: null,
    })
    expect(cleared.json().description).toBe('New words')

    const unknownProject = await client.patch(`client/tasks/${id}/`, { project: 999999 })
    expect(unknownProject.statusCode).toBe(400)
    expect(unknownProject.json().fields).toEqual({ project: ['No such project.'] })
    const notEditable = await client.patch(`client/tasks/${id}/`, { items_per_set: 3 })
    expect(notEditable.statusCode).toBe(400)
  })

  it('makes the allowed status changes with their timestamps', async () => {
    const id = await taskWith('CREATED')
    const step = async (status: TaskStatus) => {
      const response = await client.patch(`client/tasks/${id}/`, { status })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as Task
    }
    const started = await step('IN_PROGRESS')
    expect(started.start_timestamp).not.toBeNull()
    expect(started.end_timestamp).toBeNull()
    expect((await step('PAUSED')).status).toBe('PAUSED')
    expect((await step('IN_PROGRESS')).start_timestamp).toBe(started.start_timestamp)
    const finished = await step('FINISHED')
    expect(finished.end_timestamp).not.toBeNull()
    expect((await step('ARCHIVED')).status).toBe('ARCHIVED')
    const unarchived = await step('FINISHED')
    expect(unarchived.end_timestamp).toBe(finished.end_timestamp)
    // Asking for the current status again changes nothing.
    expect((await step('FINISHED')).status).toBe('FINISHED')

    const paused = await taskWith('PAUSED')
    expect((await client.patch(`client/tasks/${paused}/`, { status: 'FINISHED' })).statusCode).toBe(
      200,
    )
  })

  it('refuses the other status changes with a clear detail', async () => {
    const refusals: [TaskStatus, TaskStatus, string][] = [
      ['CREATED', 'FINISHED', 'A CREATED task cannot become FINISHED; it can become IN_PROGRESS.'],
      ['CREATED', 'PAUSED', 'A CREATED task cannot become PAUSED; it can become IN_PROGRESS.'],
      ['IN_PROGRESS', 'CREATED', 'it can become PAUSED or FINISHED'],
      ['IN_PROGRESS', 'ARCHIVED', 'it can become PAUSED or FINISHED'],
      ['PAUSED', 'ARCHIVED', 'it can become IN_PROGRESS or FINISHED'],
      ['FINISHED', 'IN_PROGRESS', 'it can become ARCHIVED'],
      ['ARCHIVED', 'IN_PROGRESS', 'it can become FINISHED'],
      ['IN_PROGRESS', 'PROCESSING', 'cannot become PROCESSING'],
    ]
    for (const [from, to, detail] of refusals) {
      const id = await taskWith(from)
      const response = await client.patch(`client/tasks/${id}/`, { status: to })
      expect(response.statusCode, `${from} → ${to}`).toBe(400)
      expect(response.json().detail).toContain(detail)
      expect(await statusOf(id)).toBe(from)
    }
  })

  it('refuses every edit of a PROCESSING task with 409', async () => {
    const id = await taskWith('PROCESSING')
    for (const body of [{ status: 'IN_PROGRESS' }, { description: 'x' }]) {
      const response = await client.patch(`client/tasks/${id}/`, body)
      expect(response.statusCode).toBe(409)
      expect(response.json().detail).toContain('still processing')
    }
  })

  it('deletes a task with its rows and files, after the commit', async () => {
    const store = (text: string) => storeStream(t.media, Readable.from([Buffer.from(text)]), '.txt')
    const audio = await store('audio bytes')
    const source = await store('uploaded file')
    const dumpFile = await store('exported results')
    const [sourceRow] = await t.db
      .insert(mediaObjects)
      .values({ ...source, mimeType: 'text/plain' })
      .returning()
    const { task, itemIds } = await seedTask(t.db, own, {
      status: 'FINISHED',
      sourceFileId: sourceRow!.id,
      items: [
        { data: { recording: { uuid: audio.uuid } }, annotations: [{ userId: annotatorId }] },
      ],
    })
    await t.db.insert(mediaObjects).values({ ...audio, mimeType: 'audio/wav', taskId: task.id })
    await t.db.insert(dumps).values({
      taskId: task.id,
      taskStatus: 'FINISHED',
      status: 'FINISHED',
      filePath: dumpFile.storageKey,
    })
    const now = new Date()
    const [log] = await t.db
      .insert(timeLogIntervals)
      .values({
        userId: annotatorId,
        sourceType: 'TASK',
        taskId: task.id,
        startAt: now,
        endAt: now,
      })
      .returning()

    const response = await client.delete(`client/tasks/${task.id}/`)
    expect(response.statusCode).toBe(204)
    expect(await t.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([])
    expect(await t.db.select().from(items).where(inArray(items.id, itemIds))).toEqual([])
    expect(await t.db.select().from(itemSets).where(eq(itemSets.taskId, task.id))).toEqual([])
    expect(
      await t.db.select().from(annotations).where(inArray(annotations.itemId, itemIds)),
    ).toEqual([])
    expect(
      await t.db
        .select()
        .from(mediaObjects)
        .where(inArray(mediaObjects.uuid, [audio.uuid, source.uuid])),
    ).toEqual([])
    for (const file of [audio, source, dumpFile]) {
      expect(fs.existsSync(mediaFilePath(t.mediaDir, file.storageKey))).toBe(false)
    }
    // Work time stays with the worker.
    const [kept] = await t.db
      .select()
      .from(timeLogIntervals)
      .where(eq(timeLogIntervals.id, log!.id))
    expect(kept?.taskId).toBeNull()
    expect((await client.delete(`client/tasks/${task.id}/`)).statusCode).toBe(404)
  })

  it('refuses to delete a task whose upload is still read, not one whose upload failed', async () => {
    const reading = await taskWith('PROCESSING')
    const refused = await client.delete(`client/tasks/${reading}/`)
    expect(refused.statusCode).toBe(409)
    expect(await statusOf(reading)).toBe('PROCESSING')
    const failed = await taskWith('PROCESSING', { processingError: 'Line 3 is not JSON.' })
    expect((await client.delete(`client/tasks/${failed}/`)).statusCode).toBe(204)
  })

  it('bulk-updates each task on its own and reports the rest', async () => {
    const created = await taskWith('CREATED')
    const running = await taskWith('IN_PROGRESS')
    const processing = await taskWith('PROCESSING')
    const foreign = (await seedTask(t.db, await seedWorkspace(t.db))).task.id
    const response = await client.patch('client/tasks/bulk_update/', {
      ids: [created, running, processing, foreign, 999999, running],
      data: { status: 'PAUSED', description: 'Paused in bulk' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      updated_tasks: [running],
      not_updated_tasks: [
        {
          id: created,
          detail: 'status: A CREATED task cannot become PAUSED; it can become IN_PROGRESS.',
        },
        { id: processing, detail: expect.stringContaining('still processing') },
        { id: foreign, detail: 'Task not found.' },
        { id: 999999, detail: 'Task not found.' },
      ],
    })
    expect(await statusOf(running)).toBe('PAUSED')
    const [unchanged] = await t.db.select().from(tasks).where(eq(tasks.id, created))
    expect(unchanged?.description).not.toBe('Paused in bulk')
    expect(
      (await client.patch('client/tasks/bulk_update/', { ids: [], data: {} })).statusCode,
    ).toBe(400)
  })

  it('bulk-deletes each task on its own and reports the rest', async () => {
    const first = await taskWith('FINISHED')
    const second = await taskWith('CREATED')
    const processing = await taskWith('PROCESSING')
    const foreign = (await seedTask(t.db, await seedWorkspace(t.db))).task.id
    const response = await client.delete('client/tasks/bulk_delete/', {
      ids: [first, processing, second, foreign],
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      deleted_tasks_ids: [first, second],
      not_deleted_tasks: [
        { id: processing, detail: expect.stringContaining('still processing') },
        { id: foreign, detail: 'Task not found.' },
      ],
    })
    expect(await statusOf(first)).toBeUndefined()
    expect(await statusOf(foreign)).toBe('CREATED')
  })
})
