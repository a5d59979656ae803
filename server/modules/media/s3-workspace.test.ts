import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dumps, items, mediaObjects, tasks } from '../../db/schema'
import { discPng, toneWav } from '../../demo/media-files'
import { createTestApp, listFiles, type TestApp } from '../../test/harness'
import { type LocalS3Server, startLocalS3Server } from '../../test/s3-server'
import { type SignedInClient, signIn } from '../../test/session-client'
import {
  createDefinitions,
  type Definitions,
  field,
  jsonl,
  requiredFields,
  uploadTask,
  zipArchive,
} from '../task-intake/test-support'
import type { StoredObjectInfo } from './store/media-store'
import { S3MediaStore } from './store/s3-store'

/**
 * A workspace whose files live in a bucket (a real S3-protocol server on loopback): upload,
 * import, media answers, export and deletion go through it, and the local media folder the
 * configuration names stays empty.
 */
let s3: LocalS3Server
let store: S3MediaStore
let localFolder: string
let t: TestApp
let client: SignedInClient
let defs: Definitions

async function bucketKeys(): Promise<string[]> {
  const keys: StoredObjectInfo[] = []
  for await (const object of store.list('')) keys.push(object)
  return keys.map((object) => object.key).sort()
}

beforeAll(async () => {
  s3 = await startLocalS3Server()
  store = new S3MediaStore({ ...s3.settings, prefix: 'workspace/' })
  localFolder = fs.mkdtempSync(path.join(os.tmpdir(), 's3-workspace-local-'))
  t = await createTestApp({ mediaDir: localFolder }, { media: store })
  client = await signIn(t, { roles: ['client'] })
  defs = await createDefinitions(t.db, client.user.id, {
    itemSchema: { prompt: field('text'), recording: field('audio'), picture: field('image') },
  })
})

afterAll(async () => {
  await t.close()
  await s3.stop()
  fs.rmSync(localFolder, { recursive: true, force: true })
})

describe('a workspace on S3 storage', () => {
  it('imports, serves, exports and deletes through the bucket, with nothing on local disk', async () => {
    const wav = toneWav([440, 660], 80)
    const png = discPng(16, [250, 250, 250], [20, 120, 200])
    const zip = zipArchive([
      {
        name: 'data.jsonl',
        content: jsonl([
          { prompt: 'one', recording: 'one.wav', picture: 'disc.png' },
          { prompt: 'two', recording: 'one.wav', picture: 'disc.png' },
        ]),
      },
      { name: 'one.wav', content: wav },
      { name: 'disc.png', content: png },
    ])
    const made = await uploadTask(client, requiredFields(defs), {
      name: 'upload.zip',
      content: zip,
    })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ status: 'CREATED', items_count: 2 })
    const taskId: number = made.json().id

    const media = await t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, taskId))
    const audio = media.find((row) => row.originalName === 'one.wav')!
    const image = media.find((row) => row.originalName === 'disc.png')!
    expect((await buffer(await store.get(audio.storageKey))).equals(wav)).toBe(true)
    expect((await buffer(await store.get(image.storageKey))).equals(png)).toBe(true)
    // The uploaded ZIP went once the import was done; only the media stay.
    expect(await bucketKeys()).toEqual([audio.storageKey, image.storageKey].sort())

    const [item] = await t.db.select().from(items).where(eq(items.taskId, taskId)).limit(1)
    const url = `client/fake-tasks/${taskId}/media/${item!.id}/${audio.uuid}/`
    const whole = await client.get(url)
    expect(whole.statusCode).toBe(200)
    expect(whole.rawPayload.equals(wav)).toBe(true)
    const range = await client.get(url, { headers: { range: 'bytes=4-11' } })
    expect(range.statusCode).toBe(206)
    expect(range.headers['content-range']).toBe(`bytes 4-11/${wav.length}`)
    expect(range.rawPayload.equals(wav.subarray(4, 12))).toBe(true)
    const again = await client.get(url, {
      headers: { 'if-none-match': String(whole.headers.etag) },
    })
    expect(again.statusCode).toBe(304)

    await t.db.update(tasks).set({ downloadEnabled: true }).where(eq(tasks.id, taskId))
    const dumpPath = `client/tasks/${taskId}/dump_async/`
    const dump = await client.post(dumpPath, { format: 'csv', include_not_done_items: true })
    expect(dump.statusCode, dump.body).toBe(201)
    expect(dump.json().status).toBe('FINISHED')
    const file = await client.get(`${dumpPath}file/`)
    expect(file.statusCode).toBe(200)
    expect(file.body).toContain('one')
    const [dumpRow] = await t.db.select().from(dumps).where(eq(dumps.taskId, taskId))
    expect(await bucketKeys()).toContain(dumpRow!.filePath)

    const deleted = await client.delete('client/tasks/bulk_delete/', { ids: [taskId] })
    expect(deleted.json().deleted_tasks_ids).toEqual([taskId])
    expect(await bucketKeys()).toEqual([])
    expect(listFiles(localFolder)).toEqual([])
  })

  it("encrypts a protected task's audio into the bucket, plain bytes on no disk, and serves its manifest", async () => {
    const own = await createDefinitions(t.db, client.user.id, {
      itemSchema: { prompt: field('text'), recording: field('audio') },
      encryptAudio: true,
    })
    const zip = zipArchive([
      { name: 'data.jsonl', content: jsonl([{ prompt: 'one', recording: 'a.wav' }]) },
      { name: 'a.wav', content: toneWav([440], 300) },
    ])
    const made = await uploadTask(client, requiredFields(own), { name: 'p.zip', content: zip })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({ status: 'CREATED', items_count: 1 })
    const taskId: number = made.json().id
    const [audio] = await t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, taskId))
    const stored = await buffer(await store.get(audio!.storageKey))
    expect(stored.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(stored.includes(Buffer.from('RIFF'))).toBe(false)
    const [item] = await t.db.select().from(items).where(eq(items.taskId, taskId))
    const url = `client/fake-tasks/${taskId}/media/${item!.id}/${audio!.uuid}/`
    const manifest = await client.get(url, { query: { manifest: 'true' } })
    expect(manifest.statusCode, manifest.body).toBe(200)
    expect(manifest.headers['content-type']).toMatch(/^application\/dash\+xml/)
    expect(manifest.body).toContain(`<BaseURL>/api/${url}</BaseURL>`)
    expect(listFiles(localFolder)).toEqual([])
  })
})
