import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER } from '../../../contract/constants'
import { MEDIA_LICENSE_PATH } from '../../../contract/media'
import { clientGroupMembers, itemSets, mediaContentKeys, mediaObjects } from '../../db/schema'
import { toneWav } from '../../demo/media-files'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { type ApiClient, anonymousClient, signIn } from '../../test/session-client'
import {
  addReviewer,
  finishItem,
  type ReviewScenario,
  seedReviewScenario,
} from '../review/test-fixtures'
import { addWorker } from '../worker-tasks/test-fixtures'
import { taskContentKey } from './protection/key-store'
import { plainAudioFolder, storeProtectedAudio } from './protection/store-protected'
import { storeStream } from './storage'

/**
 * Protected audio over HTTP: the media URLs answer encrypted bytes and the manifest, and the
 * licence call hands the task's key to those who may hear its items now, and to nobody else.
 */

const logLines: string[] = []
let t: MediaTestApp
let scenario: ReviewScenario
let taskId: number
/** The task's key, base64url: its id and the key itself. */
let kid: string
let k: string
/** The first item's recording is protected; the second's stayed plain (imported before). */
let protectedUuid: string
let plainUuid: string

const licence = (client: ApiClient, body: unknown, headers?: Record<string, string>) =>
  client.post(MEDIA_LICENSE_PATH, body, { headers })
const keysOf = (kids: string[]) => ({ kids, type: 'temporary' })

beforeAll(async () => {
  t = await createTestAppWithMedia(
    'protected-audio',
    { logLevel: 'trace' },
    { logStream: { write: (line) => logLines.push(line) } },
  )
  protectedUuid = randomUUID()
  plainUuid = randomUUID()
  scenario = await seedReviewScenario(
    t.app,
    { items: 2 },
    {
      items: [
        { prompt: 'one', recording: { uuid: protectedUuid } },
        { prompt: 'two', recording: { uuid: plainUuid } },
      ],
      task: { encryptAudio: true, downloadEnabled: true },
    },
  )
  taskId = scenario.scenario.task.id
  const key = await taskContentKey(t.db, t.app.mediaKeys, taskId)
  kid = key.contentKey.keyId.toString('base64url')
  k = key.contentKey.key.toString('base64url')
  const encrypted = await storeProtectedAudio(
    t.media,
    plainAudioFolder(t.media, taskId),
    Readable.from([toneWav([440], 400)]),
    protectedUuid,
    key.contentKey,
  )
  const plain = await storeStream(t.media, Readable.from([toneWav([660], 400)]), '.wav', plainUuid)
  await t.db.insert(mediaObjects).values([
    { ...encrypted, taskId, mimeType: 'audio/mp4', contentKeyId: key.id },
    { ...plain, taskId, mimeType: 'audio/wav' },
  ])
}, 120_000)
afterAll(() => t.close())

const setMedia = (uuid: string, index = uuid === protectedUuid ? 0 : 1) =>
  `endworker/item-sets/${scenario.setId}/media/${scenario.itemIds[index]}/${uuid}/`

describe('the media URL of a protected item', () => {
  it('answers the encrypted file, marked, with ranges as for any media', async () => {
    const whole = await scenario.worker.get(setMedia(protectedUuid))
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mp4')
    expect(whole.headers['x-media-protection']).toBe('clearkey')
    const body = whole.rawPayload
    expect(body.subarray(4, 8).toString('latin1')).toBe('ftyp')
    expect(body.includes(Buffer.from('enca', 'latin1'))).toBe(true)
    expect(body.includes(Buffer.from(k, 'base64url'))).toBe(false)

    const part = await scenario.worker.get(setMedia(protectedUuid), {
      headers: { range: 'bytes=0-99' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-99/${body.length}`)
    expect(part.headers['x-media-protection']).toBe('clearkey')
  })

  it('answers its DASH manifest with ?manifest=true, pointing at itself and the licence', async () => {
    const answer = await scenario.worker.get(setMedia(protectedUuid), {
      query: { manifest: 'true' },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/dash\+xml/)
    expect(answer.body).toContain(`<BaseURL>/api/${setMedia(protectedUuid)}</BaseURL>`)
    expect(answer.body).toContain(`>${MEDIA_LICENSE_PATH}</dashif:Laurl>`)
    const uuidForm = Buffer.from(kid, 'base64url').toString('hex')
    expect(answer.body.replaceAll('-', '')).toContain(`cenc:default_KID="${uuidForm}"`)
  })

  it('answers a plain item as before, and 404 for its manifest, saying why', async () => {
    const plain = await scenario.worker.get(setMedia(plainUuid))
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['x-media-protection']).toBeUndefined()
    expect(plain.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF')
    const manifest = await scenario.worker.get(setMedia(plainUuid), { query: { manifest: 'true' } })
    expect(manifest.statusCode).toBe(404)
    expect(manifest.json().detail).toBe(
      'This media file is not protected audio, so it has no manifest: fetch it without ?manifest=true.',
    )
  })
})

describe('POST /api/media/encaudio/license/', () => {
  const granted = { keys: [{ kty: 'oct', kid: '', k: '' }], type: 'temporary' }
  beforeAll(() => {
    granted.keys[0] = { kty: 'oct', kid, k }
  })

  it('gives the key to the annotator of the locked set, never cached', async () => {
    const answer = await licence(scenario.worker, keysOf([kid]))
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual(granted)
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('refuses a second annotator, another client and anonymous visitors with 403', async () => {
    const second = await addWorker(t.app, scenario.scenario)
    const otherClient = await signIn(t, { roles: ['client'] })
    const anonymous = await anonymousClient(t)
    for (const refused of [second, otherClient, anonymous]) {
      const answer = await licence(refused, keysOf([kid]))
      expect(answer.statusCode, answer.body).toBe(403)
      expect(answer.json().code).toBe('permission_denied')
      expect(answer.body).not.toContain(k)
    }
  })

  it('gives it to the client of the task, and to staff', async () => {
    const client = await signIn(t, { roles: ['client'] })
    await t.db
      .insert(clientGroupMembers)
      .values({ groupId: scenario.scenario.clientGroupId, userId: client.user.id })
    const staff = await signIn(t, { roles: ['staff'] })
    for (const allowed of [client, staff]) {
      expect((await licence(allowed, keysOf([kid]))).json()).toEqual(granted)
    }
  })

  it('refuses an unknown key id with 403, naming it, and a request mixing it in', async () => {
    const unknown = randomBytes(16).toString('base64url')
    const answer = await licence(scenario.worker, keysOf([kid, unknown]))
    expect(answer.statusCode).toBe(403)
    expect(answer.json().detail).toBe(
      `You may not play the protected audio of key id ${unknown} now: it is not in an item set, review or feedback item of yours, or a task of your client group.`,
    )
    expect(answer.body).not.toContain(k)
  })

  it('refuses a request without the CSRF header', async () => {
    const answer = await licence(scenario.worker, keysOf([kid]), { [CSRF_HEADER]: '' })
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('csrf_failed')
  })

  it.each([
    ['kids not a list', (id: string) => ({ kids: id, type: 'temporary' }), 'kids'],
    ['no kids', () => ({ kids: [], type: 'temporary' }), 'kids'],
    ['a kid that is no key id', () => ({ kids: ['not-a-key-id'], type: 'temporary' }), 'kids.0'],
    ['a persistent licence', (id: string) => ({ kids: [id], type: 'persistent-license' }), 'type'],
    ['no type', (id: string) => ({ kids: [id] }), 'type'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await licence(scenario.worker, body(kid))
    expect(answer.statusCode, answer.body).toBe(400)
    expect(Object.keys(answer.json().fields)).toEqual([field])
  })

  it('follows the review: the reviewer with the lock, then the annotator with feedback only', async () => {
    for (const itemId of scenario.itemIds) await finishItem(scenario, itemId)
    const reviewer = await addReviewer(t.app, scenario.reviewGroupId)
    const outsider = await addReviewer(t.app, null)
    expect((await licence(reviewer, keysOf([kid]))).statusCode).toBe(403)
    const locked = await reviewer.post('review/locked-items/', { task: taskId })
    const [reviewItem] = locked.json().results as { id: number; item_id: number }[]
    expect((await licence(reviewer, keysOf([kid]))).json()).toEqual(granted)
    expect((await licence(outsider, keysOf([kid]))).statusCode).toBe(403)
    const media = await reviewer.get(
      `review/locked-items/${reviewItem!.id}/media/${scenario.itemIds[0]}/${protectedUuid}/`,
    )
    expect(media.headers['x-media-protection']).toBe('clearkey')

    // The annotator's lock ends: without feedback they may not hear the task any more.
    await t.db
      .update(itemSets)
      .set({ lockExpiration: new Date(Date.now() - 1000) })
      .where(eq(itemSets.id, scenario.setId))
    expect((await licence(scenario.worker, keysOf([kid]))).statusCode).toBe(403)
    const graded = await reviewer.patch(`review/locked-items/${reviewItem!.id}/`, { mark: 4 })
    expect(graded.statusCode, graded.body).toBe(200)
    expect((await licence(scenario.worker, keysOf([kid]))).json()).toEqual(granted)
  })
})

describe('a clone of a protected task', () => {
  it('copies the encrypted files with a copy of the key, for its own audience', async () => {
    const client = await signIn(t, { roles: ['client'] })
    await t.db
      .insert(clientGroupMembers)
      .values({ groupId: scenario.scenario.clientGroupId, userId: client.user.id })
    const cloned = await client.post(`client/tasks/${taskId}/clone/`)
    expect(cloned.statusCode, cloned.body).toBe(201)
    expect(cloned.json().encrypt_audio).toBe(true)
    const cloneId: number = cloned.json().id
    const [key] = await t.db
      .select()
      .from(mediaContentKeys)
      .where(eq(mediaContentKeys.taskId, cloneId))
    expect(key!.keyId).toBe(kid)
    const media = await t.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, cloneId))
    expect(media.map((row) => [row.mimeType, row.contentKeyId]).sort()).toEqual([
      ['audio/mp4', key!.id],
      ['audio/wav', null],
    ])
    const preview = await client.get(`client/fake-tasks/${cloneId}/`)
    expect(preview.json().encrypt_audio).toBe(true)
    const [item] = preview.json().items as { id: number; data: { recording: { uuid: string } } }[]
    const audio = await client.get(
      `client/fake-tasks/${cloneId}/media/${item!.id}/${item!.data.recording.uuid}/`,
    )
    expect(audio.headers['x-media-protection']).toBe('clearkey')
    expect((await licence(client, keysOf([kid]))).statusCode).toBe(200)
  })
})

describe('the keys stay on the server', () => {
  it('are kept wrapped, and in no export, log or stored file', async () => {
    const [row] = await t.db
      .select()
      .from(mediaContentKeys)
      .where(eq(mediaContentKeys.taskId, taskId))
    expect(row!.keyId).toBe(kid)
    const key = Buffer.from(k, 'base64url')
    expect(Buffer.from(row!.wrappedKey, 'base64url').includes(key)).toBe(false)

    const client = await signIn(t, { roles: ['client'] })
    await t.db
      .insert(clientGroupMembers)
      .values({ groupId: scenario.scenario.clientGroupId, userId: client.user.id })
    const dump = await client.post(`client/tasks/${taskId}/dump_async/`, {})
    expect(dump.statusCode, dump.body).toBe(201)
    const exported = await client.get(`client/tasks/${taskId}/dump_async/file/`)
    expect(exported.statusCode).toBe(200)
    expect(exported.body).toContain(protectedUuid)

    const forms = [k, key.toString('hex'), key.toString('base64'), row!.wrappedKey]
    const texts = [exported.body, logLines.join('\n')]
    expect(logLines.some((line) => line.includes(MEDIA_LICENSE_PATH))).toBe(true)
    for (const text of texts) for (const form of forms) expect(text).not.toContain(form)
    for (const file of listFiles(t.mediaDir)) {
      expect(fs.readFileSync(file).includes(key)).toBe(false)
    }
  })
})
