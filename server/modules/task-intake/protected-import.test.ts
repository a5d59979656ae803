import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mediaContentKeys, mediaObjects } from '../../db/schema'
import { toneWav } from '../../demo/media-files'
import { listFiles } from '../../test/harness'
import { boxAt, boxesIn } from '../media/protection/mp4-boxes'
import {
  plainAudioFolder,
  plainAudioFolders,
  removeAbandonedPlainAudio,
} from '../media/protection/store-protected'
import { ABANDONED_WRITE_MS } from '../media/store/media-store'
import { appWebhookEvents } from '../webhooks/events'
import { importTask } from './import'
import {
  field,
  itemsOf,
  jsonl,
  processingTask,
  requiredFields,
  setUpIntakeTests,
  uploadTask,
  zipArchive,
} from './test-support'

/** A protected task's import: its audio is stored only encrypted, whatever happens on the way. */
const intake = setUpIntakeTests('protected-import')

const importContext = () => ({
  db: intake.t.db,
  media: intake.t.media,
  logger: intake.t.app.log,
  zipLimits: intake.t.app.config.zipLimits,
  contentKeys: intake.t.app.mediaKeys,
  events: appWebhookEvents(intake.t.app),
})

const PLAIN_AUDIO_HEADERS = ['RIFF', 'ID3', 'OggS', 'fLaC']
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

/** The files of the media folder and of the imports' plain-audio folders that start like plain audio. */
async function plainAudioFiles() {
  const folders = [intake.t.mediaDir, ...(await plainAudioFolders(intake.t.media))]
  return folders.flatMap(listFiles).filter((file) => {
    const head = fs.readFileSync(file).subarray(0, 4).toString('latin1')
    return PLAIN_AUDIO_HEADERS.some((header) => head.startsWith(header))
  })
}

/** The protected file's track: its sample entry type and whether it holds a `tenc` box. */
function encryptedTrack(file: Buffer) {
  const moov = [...boxesIn(file)].find((box) => box.type === 'moov')!
  const stsd = boxAt(file, moov, ['trak', 'mdia', 'minf', 'stbl', 'stsd'])!
  const [entry] = boxesIn(file, stsd.bodyStart + 8, stsd.end)
  return {
    sampleEntry: entry!.type,
    tenc: file.includes(Buffer.from('tenc', 'latin1')),
  }
}

const recordingSchema = {
  prompt: field('text'),
  recording: field('audio'),
  picture: field('image'),
}

function protectedZip() {
  return zipArchive([
    {
      name: 'data.jsonl',
      content: jsonl([
        { prompt: 'one', recording: 'a.wav', picture: 'p.png' },
        { prompt: 'two', recording: 'b.wav', picture: 'p.png' },
      ]),
    },
    { name: 'a.wav', content: toneWav([440], 300) },
    { name: 'b.wav', content: toneWav([660], 300) },
    { name: 'p.png', content: PNG },
  ])
}

describe('a protected task', () => {
  it('stores every audio file only encrypted with the task key, and the upload goes', async () => {
    const own = await intake.definitionsWith({ itemSchema: recordingSchema, encryptAudio: true })
    const made = await uploadTask(intake.client, requiredFields(own), {
      name: 'data.zip',
      content: protectedZip(),
    })
    expect(made.statusCode, made.body).toBe(201)
    const taskId: number = made.json().id
    const task = await intake.client.get(`client/tasks/${taskId}/`)
    expect(task.json()).toMatchObject({ status: 'CREATED', encrypt_audio: true })

    const [key] = await intake.t.db
      .select()
      .from(mediaContentKeys)
      .where(eq(mediaContentKeys.taskId, taskId))
    const media = await intake.t.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.taskId, taskId))
      .orderBy(mediaObjects.originalName)
    expect(media.map((row) => [row.originalName, row.mimeType, row.contentKeyId])).toEqual([
      ['a.wav', 'audio/mp4', key!.id],
      ['b.wav', 'audio/mp4', key!.id],
      ['p.png', 'image/png', null],
    ])
    for (const row of media.slice(0, 2)) {
      expect(row.storageKey).toMatch(/\.mp4$/)
      const stored = fs.readFileSync(path.join(intake.t.mediaDir, row.storageKey))
      expect(stored.subarray(4, 8).toString('latin1')).toBe('ftyp')
      expect(encryptedTrack(stored)).toEqual({ sampleEntry: 'enca', tenc: true })
      expect(stored.includes(Buffer.from(key!.keyId, 'base64url'))).toBe(true)
      expect(row.sizeBytes).toBe(stored.length)
    }
    const items = await itemsOf(intake.t.db, taskId)
    expect(items.map((item) => item.data.recording)).toEqual(
      media.slice(0, 2).map((row) => ({ uuid: row.uuid })),
    )
    expect(await plainAudioFiles()).toEqual([])
    expect(fs.existsSync(plainAudioFolder(intake.t.media, taskId))).toBe(false)
  })

  it("refuses another task's recordings by uuid, which are not this task's to protect", async () => {
    const own = await intake.definitionsWith({ itemSchema: recordingSchema, encryptAudio: true })
    const made = await uploadTask(intake.client, requiredFields(own), {
      name: 'data.zip',
      content: protectedZip(),
    })
    const media = await intake.t.db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.taskId, made.json().id))
      .orderBy(mediaObjects.originalName)
    const [recording, , picture] = media.map((row) => row.uuid)
    const reused = jsonl([{ prompt: 'again', recording, picture }])
    const refused = await uploadTask(intake.client, requiredFields(own), {
      name: 'again.jsonl',
      content: reused,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields.file).toEqual([
      `Line 1: the recording ${recording} belongs to another task; a task with protected audio takes its recordings in the ZIP, to store them encrypted.`,
    ])
  })

  it('after an import killed between storing and encrypting, no plain file is left', async () => {
    const own = await intake.definitionsWith({ itemSchema: recordingSchema, encryptAudio: true })
    const zip = protectedZip()
    const taskId = await processingTask(intake, own, 'data.zip', zip, {
      name: 'seed.zip',
      content: zip,
    })
    // What the killed attempt left: an upload stored plain, waiting to be encrypted.
    const folder = plainAudioFolder(intake.t.media, taskId)
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(
      path.join(folder, '0b5c1f0e-7a52-4b7e-9d0c-3f5e4c1c2b1a.part'),
      toneWav([1], 50),
    )
    expect(await plainAudioFiles()).toHaveLength(1)

    await importTask(importContext(), { taskId, startTask: false })
    expect(await plainAudioFiles()).toEqual([])
    expect(fs.existsSync(folder)).toBe(false)
    expect((await itemsOf(intake.t.db, taskId)).length).toBe(2)
  })

  it('a plain upload whose task went meanwhile is swept with the abandoned writes', async () => {
    const folder = plainAudioFolder(intake.t.media, 999_999)
    fs.mkdirSync(folder, { recursive: true })
    fs.writeFileSync(path.join(folder, 'gone.part'), toneWav([1], 50))
    await removeAbandonedPlainAudio(
      intake.t.media,
      ABANDONED_WRITE_MS,
      Date.now() + ABANDONED_WRITE_MS + 1000,
    )
    expect(await plainAudioFiles()).toEqual([])
  })

  it('refuses a recording that holds no audio, naming it, and keeps nothing of it', async () => {
    const own = await intake.definitionsWith({ itemSchema: recordingSchema, encryptAudio: true })
    const zip = zipArchive([
      {
        name: 'data.jsonl',
        content: jsonl([{ prompt: 'x', recording: 'noise.wav', picture: 'p.png' }]),
      },
      { name: 'noise.wav', content: 'RIFF but not really a wave file at all' },
      { name: 'p.png', content: PNG },
    ])
    const taskId = await processingTask(intake, own, 'data.zip', zip, {
      name: 'seed.zip',
      content: protectedZip(),
    })
    await expect(importTask(importContext(), { taskId, startTask: false })).rejects.toThrow()
    const processing = await intake.client.get(`client/tasks/${taskId}/processing/`)
    expect(processing.json().error).toMatch(
      /^The import failed: 'noise\.wav': The file holds no audio that can be read: /,
    )
    expect(await plainAudioFiles()).toEqual([])
  })
})
