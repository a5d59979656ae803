import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_BASE, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../contract/constants'
import type { ReviewedItem } from '../../../contract/review'
import { type DatabaseHandle, migrateDatabase } from '../../db/client'
import {
  endworkerGroups,
  items,
  mediaObjects,
  tasks,
  taskTypeGroups,
  taskTypes,
} from '../../db/schema'
import { discPng, toneWav } from '../../demo/media-files'
import { uniqueName } from '../../test/fixtures'
import { multipartBody } from '../../test/multipart'
import { type LocalS3Server, startLocalS3Server } from '../../test/s3-server'
import { createScratchDatabase } from '../../test/scratch-database'
import {
  freePort,
  type ServerProcess,
  serverProcessEnv,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process'
import { createUser } from '../../test/session-client'
import { createSession } from '../auth/session-store'
import { newToken } from '../auth/tokens'
import { addReviewGroup, seedReviewer } from '../review/test-fixtures'
import {
  createDefinitions,
  type Definitions,
  field,
  jsonl,
  requiredFields,
  zipArchive,
} from '../task-intake/test-support'
import {
  annotationBody,
  annotationPath,
  claimPath,
  seedWorker,
} from '../worker-tasks/test-fixtures'
import { S3MediaStore } from './store/s3-store'

/**
 * Two API processes with data folders of their own and no shared disk, one PostgreSQL and one
 * bucket: what one process stores, the other imports, serves and hands out.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('two processes on one bucket', () => {
  let database: DatabaseHandle
  let drop: () => Promise<void>
  let s3: LocalS3Server
  let servers: ServerProcess[] = []
  const folders: string[] = []
  let clientSession: Record<string, string>
  let clientId: number
  /** What the first test uploaded and imported, for the work done on it after. */
  let imported: {
    defs: Definitions
    taskId: number
    itemId: number
    audioUuid: string
    wav: Buffer
  }

  /** The cookies and CSRF header of a session of the user, written straight to the database. */
  async function sessionHeaders(userId: number): Promise<Record<string, string>> {
    const token = await createSession(database.db, {
      userId,
      ttlHours: 1,
      userAgent: 'two-processes media test',
      address: '127.0.0.1',
    })
    const csrf = newToken()
    return { cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf }
  }

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, {
      prefix: 'media_procs',
    })
    database = scratch.database
    drop = scratch.drop
    await migrateDatabase(database)
    s3 = await startLocalS3Server()
    clientId = (await createUser(database.db, { roles: ['client'] })).id
    clientSession = await sessionHeaders(clientId)
    const ports = [await freePort(), await freePort()]
    const publicOrigins = ports.map((port) => `http://127.0.0.1:${port}`).join(',')
    servers = await Promise.all(
      ports.map((port) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-procs-'))
        folders.push(dataDir)
        return startServerProcess(
          serverProcessEnv(port, {
            DATABASE_URL: scratch.url,
            PUBLIC_ORIGIN: publicOrigins,
            DATA_DIR: dataDir,
            MEDIA_STORAGE: 's3',
            S3_BUCKET: s3.settings.bucket,
            S3_ENDPOINT: s3.settings.endpoint!,
            S3_ACCESS_KEY_ID: 'S3RVER',
            S3_SECRET_ACCESS_KEY: 'S3RVER',
            S3_PREFIX: 'procs/',
            IMPORT_HEARTBEAT_SECONDS: '10',
          }),
        )
      }),
    )
  }, 240_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServerProcess(server, 'SIGTERM')))
    await drop?.()
    await s3?.stop()
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
  })

  const callAs =
    (session: Record<string, string>) =>
    (server: ServerProcess, method: string, url: string, init: RequestInit = {}) =>
      fetch(`${server.base}${API_BASE}/${url}`, {
        method,
        ...init,
        headers: { ...session, ...(init.headers as Record<string, string>) },
      })
  const call = (...args: Parameters<ReturnType<typeof callAs>>) => callAs(clientSession)(...args)
  const jsonBody = (body: unknown): RequestInit => ({
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let attempt = 0; attempt < 240; attempt++) {
      const value = await read()
      if (done(value)) return value
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error('gave up waiting')
  }

  it('imports an upload of A, serves its media and an export through both', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const defs = await createDefinitions(database.db, clientId, {
      itemSchema: { prompt: field('text'), recording: field('audio'), picture: field('image') },
    })
    const wav = Buffer.from(toneWav([440, 550], 80))
    const zip = zipArchive([
      {
        name: 'data.jsonl',
        content: jsonl([{ prompt: 'one', recording: 'a.wav', picture: 'p.png' }]),
      },
      { name: 'a.wav', content: wav },
      { name: 'p.png', content: discPng(16, [255, 255, 255], [0, 0, 0]) },
    ])
    const { payload, headers: multipart } = multipartBody(requiredFields(defs), {
      name: 'data.zip',
      content: zip,
    })
    const made = await call(a, 'POST', 'client/tasks/', {
      body: new Uint8Array(payload),
      headers: multipart,
    })
    expect(made.status, await made.clone().text()).toBe(201)
    const taskId = ((await made.json()) as { id: number }).id
    const processing = await until(
      async () =>
        (await (await call(b, 'GET', `client/tasks/${taskId}/processing/`)).json()) as {
          status: string
        },
      (value) => value.status !== 'PROCESSING',
    )
    expect(processing.status).toBe('CREATED')

    const [audio] = await database.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.originalName, 'a.wav'))
    const [item] = await database.db.select().from(items).where(eq(items.taskId, taskId))
    const mediaUrl = `client/fake-tasks/${taskId}/media/${item!.id}/${audio!.uuid}/`
    for (const server of [a, b]) {
      const answer = await call(server, 'GET', mediaUrl, { headers: { range: 'bytes=0-3' } })
      expect(answer.status).toBe(206)
      expect(Buffer.from(await answer.arrayBuffer()).toString('latin1')).toBe('RIFF')
    }

    const dumpUrl = `client/tasks/${taskId}/dump_async/`
    await database.db.update(tasks).set({ downloadEnabled: true }).where(eq(tasks.id, taskId))
    const dump = await call(a, 'POST', dumpUrl, {
      body: JSON.stringify({ format: 'csv', include_not_done_items: true }),
      headers: { 'content-type': 'application/json' },
    })
    expect(dump.status, await dump.clone().text()).toBe(201)
    await until(
      async () => (await (await call(a, 'GET', dumpUrl)).json()) as { status: string },
      (value) => value.status !== 'PROCESSING',
    )
    const file = await call(b, 'GET', `${dumpUrl}file/`)
    expect(file.status).toBe(200)
    expect(await file.text()).toContain('one')

    const bucket = new S3MediaStore({ ...s3.settings, prefix: 'procs/' })
    expect(await bucket.head(audio!.storageKey)).toMatchObject({ size: wav.length })
    bucket.close()
    // Nothing of the workspace on either process's disk.
    for (const folder of folders) {
      expect(
        fs.existsSync(path.join(folder, 'media')) ? fs.readdirSync(path.join(folder, 'media')) : [],
      ).toEqual([])
    }
    imported = { defs, taskId, itemId: item!.id, audioUuid: audio!.uuid, wav }
  }, 240_000)

  it('lets an annotator work and play media through B, and a reviewer through A', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess]
    const { defs, taskId, itemId, audioUuid, wav } = imported
    await database.db
      .update(taskTypes)
      .set({ reviewEnabled: true, reviewProbability: 1 })
      .where(eq(taskTypes.id, defs.taskTypeId))
    const [taskGroup] = await database.db
      .insert(endworkerGroups)
      .values({ name: uniqueName('task-group'), taskGroup: true })
      .returning({ id: endworkerGroups.id })
    const taskGroupId = taskGroup!.id
    await database.db
      .insert(taskTypeGroups)
      .values({ taskTypeId: defs.taskTypeId, groupId: taskGroupId })
    const started = await call(
      a,
      'PATCH',
      `client/tasks/${taskId}/`,
      jsonBody({ status: 'IN_PROGRESS' }),
    )
    expect(started.status, await started.clone().text()).toBe(200)
    const worker = await seedWorker(database.db, {
      languages: defs.languageIds,
      taskGroupId,
      protocolId: defs.protocolId,
    })
    const reviewer = await seedReviewer(database.db, await addReviewGroup(database, taskGroupId))
    const asWorker = callAs(await sessionHeaders(worker.id))
    const asReviewer = callAs(await sessionHeaders(reviewer.id))

    const claimed = await asWorker(b, 'POST', claimPath(taskId))
    expect(claimed.status, await claimed.clone().text()).toBe(201)
    const set = (await claimed.json()) as { id: number; items: { id: number }[] }
    expect(set.items.map((item) => item.id)).toEqual([itemId])
    const workerMedia = `endworker/item-sets/${set.id}/media/${itemId}/${audioUuid}/`
    const whole = await asWorker(b, 'GET', workerMedia)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(wav)
    const part = await asWorker(b, 'GET', workerMedia, { headers: { range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(wav.subarray(100, 200))
    const etag = whole.headers.get('etag')
    expect(etag).toBeTruthy()
    const unchanged = await asWorker(b, 'GET', workerMedia, { headers: { 'if-none-match': etag! } })
    expect(unchanged.status).toBe(304)
    const saved = await asWorker(
      b,
      'PUT',
      annotationPath(set.id, itemId),
      jsonBody(annotationBody({}, { isDone: true })),
    )
    expect(saved.status, await saved.clone().text()).toBe(200)

    const taken = await asReviewer(a, 'POST', 'review/locked-items/', jsonBody({ task: taskId }))
    expect(taken.status, await taken.clone().text()).toBe(200)
    const [review] = ((await taken.json()) as { results: ReviewedItem[] }).results
    expect(review).toMatchObject({ item_id: itemId, user_id: worker.id, status: 'LOCKED' })
    const reviewed = await asReviewer(
      a,
      'GET',
      `review/locked-items/${review!.id}/media/${itemId}/${audioUuid}/`,
    )
    expect(reviewed.status).toBe(200)
    expect(Buffer.from(await reviewed.arrayBuffer())).toEqual(wav)
  }, 120_000)

  it('leaves no object behind when a process is killed in the middle of an upload', async () => {
    const [a] = servers as [ServerProcess]
    const bucket = new S3MediaStore({ ...s3.settings, prefix: 'procs/' })
    const keys = async () => {
      const found: string[] = []
      for await (const object of bucket.list('')) found.push(object.key)
      return found.sort()
    }
    const before = await keys()
    const rowsBefore = (await database.db.select().from(mediaObjects)).length
    const uploadsBefore = s3.multipartUploads()
    const defs = await createDefinitions(database.db, clientId)
    // Past one multipart part (8 MiB), so the store has begun a multipart upload when A dies.
    const { payload, headers: multipart } = multipartBody(requiredFields(defs), {
      name: 'big.zip',
      content: Buffer.alloc(24 * 1024 * 1024, 1),
    })
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // Twenty MiB go at once; the rest never comes.
        if (sent >= 20 * 1024 * 1024) return new Promise(() => {})
        const chunk = payload.subarray(sent, sent + 1024 * 1024)
        sent += chunk.length
        controller.enqueue(new Uint8Array(chunk))
      },
    })
    const upload = call(a, 'POST', 'client/tasks/', {
      body,
      headers: multipart,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error)
    await until(
      async () => sent,
      (bytes) => bytes >= 20 * 1024 * 1024,
    )
    // A dies only once its store has begun the multipart upload of the ZIP.
    await until(
      async () => s3.multipartUploads(),
      (ids) => ids.some((id) => !uploadsBefore.includes(id)),
    )
    await stopServerProcess(a, 'SIGKILL')
    expect(await upload).toBeInstanceOf(Error)
    await bucket.sweep(Date.now() + 2 * 24 * 3600_000)
    expect(await keys()).toEqual(before)
    expect((await database.db.select().from(mediaObjects)).length).toBe(rowsBefore)
    bucket.close()
  }, 120_000)
})
