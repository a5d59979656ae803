import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client'
import {
  clientGroupMembers,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  groupCoordinators,
  itemSets,
  items,
  languages,
  mediaContentKeys,
  mediaObjects,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypeGroups,
  taskTypes,
  timelogTypes,
  users,
} from '../db/schema'
import { CommandError } from '../manage/errors'
import { verifyPassword } from '../modules/auth/passwords'
import { ContentKeyStore } from '../modules/media/protection/key-store'
import { boxAt, boxesIn } from '../modules/media/protection/mp4-boxes'
import { LocalMediaStore } from '../modules/media/store/local-store'
import { openTestDatabase, TEST_MEDIA_KEY_SECRET } from '../test/harness'
import { createDemoWorkspace, type DemoResult } from './demo'

let database: DatabaseHandle
let drop: () => Promise<void>
let mediaDir: string
let result: DemoResult
const contentKeys = new ContentKeyStore(TEST_MEDIA_KEY_SECRET)

beforeAll(async () => {
  ;({ database, drop } = await openTestDatabase())
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-media-'))
  result = await createDemoWorkspace(database.db, {
    media: new LocalMediaStore(mediaDir),
    contentKeys,
  })
})

afterAll(async () => {
  await drop()
  fs.rmSync(mediaDir, { recursive: true, force: true })
})

function readWavFormat(file: Buffer) {
  return {
    riff: file.toString('ascii', 0, 4),
    wave: file.toString('ascii', 8, 12),
    riffSize: file.readUInt32LE(4),
    format: file.readUInt16LE(20),
    channels: file.readUInt16LE(22),
    sampleRate: file.readUInt32LE(24),
    bitsPerSample: file.readUInt16LE(34),
    dataTag: file.toString('ascii', 36, 40),
    dataSize: file.readUInt32LE(40),
  }
}

describe('createDemoWorkspace', () => {
  it('creates one account per role with a working random password each', async () => {
    const rows = await database.db.select().from(users).orderBy(users.id)
    expect(rows.map((user) => [user.username, user.roles])).toEqual([
      ['annotator', ['endworker']],
      ['reviewer', ['reviewer']],
      ['client', ['client']],
      ['coordinator', ['coordinator']],
      ['finance', ['finance_manager']],
      ['admin', ['staff']],
    ])
    expect(rows.every((user) => user.firstName.length > 0)).toBe(true)
    const passwords = result.credentials.map((credential) => credential.password)
    expect(new Set(passwords).size).toBe(6)
    for (const credential of result.credentials) {
      const user = rows.find((row) => row.username === credential.username)
      expect(await verifyPassword(user!.passwordHash, credential.password)).toBe(true)
    }
  })

  it('adds languages with diacritic signs', async () => {
    const rows = await database.db.select().from(languages)
    const byCode = new Map(rows.map((language) => [language.code, language]))
    expect([...byCode.keys()].sort()).toEqual(['de', 'en', 'fr', 'pl', 'ru'])
    expect(byCode.get('pl')?.name).toBe('Polish')
    for (const code of ['pl', 'fr', 'de']) {
      expect(byCode.get(code)!.diacriticSigns.length).toBeGreaterThan(2)
    }
    expect(byCode.get('pl')!.diacriticSigns.map((sign) => sign.sign)).toContain('ł')
  })

  it('offers a work and a bonus-break time-log type', async () => {
    const rows = await database.db.select().from(timelogTypes).orderBy(timelogTypes.name)
    expect(rows.map((row) => [row.name, row.isBonusBreak])).toEqual([
      ['Bonus break', true],
      ['Training', false],
    ])
  })

  it('wires the groups to their people', async () => {
    const { db } = database
    const userId = async (username: string) =>
      (await db.select().from(users).where(eq(users.username, username)))[0]!.id
    const groups = await db.select().from(endworkerGroups)
    const group = (flag: 'taskGroup' | 'reviewGroup' | 'coordinationGroup') =>
      groups.find((row) => row[flag] && (flag === 'taskGroup' || !row.taskGroup))!
    const taskGroup = group('taskGroup')
    const reviewGroup = group('reviewGroup')
    const coordinationGroup = group('coordinationGroup')

    const members = await db.select().from(endworkerGroupMembers)
    expect(members).toContainEqual({ groupId: taskGroup.id, userId: await userId('annotator') })
    expect(members).toContainEqual({ groupId: reviewGroup.id, userId: await userId('reviewer') })
    expect(await db.select().from(groupCoordinators)).toEqual([
      { groupId: coordinationGroup.id, userId: await userId('coordinator') },
    ])
    expect(await db.select().from(coordinationManagedGroups)).toEqual([
      { coordinationGroupId: coordinationGroup.id, managedGroupId: taskGroup.id },
    ])
    const clientMembers = await db.select().from(clientGroupMembers)
    expect(clientMembers.map((member) => member.userId)).toEqual([await userId('client')])
    const [typeGroup] = await db.select().from(taskTypeGroups)
    expect(typeGroup?.groupId).toBe(taskGroup.id)
  })

  it('makes an active task type and a running task of 3 item sets of 3 items', async () => {
    const { db } = database
    const [protocol] = await db.select().from(taskProtocols)
    expect(protocol).toMatchObject({ servingType: 'TXT', version: 1 })
    expect(protocol?.content).toMatch(/^# /)
    const [schema] = await db.select().from(taskSchemas)
    const components = [
      ...Object.values(schema!.schema.item_schema),
      ...Object.values(schema!.schema.annotation_schema),
    ].map((field) => field.widget.config.component)
    expect(new Set(components)).toEqual(
      new Set(['audio', 'image', 'text', 'textarea', 'dropdown', 'checkbox']),
    )
    const [task] = await db.select().from(tasks).where(eq(tasks.id, result.taskId))
    const [taskType] = await db.select().from(taskTypes).where(eq(taskTypes.id, task!.taskTypeId))
    expect(taskType).toMatchObject({
      encryptAudio: false,
      status: 'ACTIVE',
      schemaId: schema!.id,
      protocolId: protocol!.id,
    })

    expect(task).toMatchObject({ status: 'IN_PROGRESS', itemsTotal: 9, encryptAudio: false })
    const sets = await db.select().from(itemSets).where(eq(itemSets.taskId, result.taskId))
    expect(sets).toHaveLength(3)
    for (const set of sets) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(items)
        .where(eq(items.itemSetId, set.id))
      expect(row?.count).toBe(3)
    }
  })

  it('stores a real WAV and PNG for every item, referenced by uuid', async () => {
    const { db } = database
    const media = await db.select().from(mediaObjects)
    expect(media).toHaveLength(24)
    expect(result.mediaFiles).toBe(24)
    const byUuid = new Map(media.map((row) => [row.uuid, row]))

    for (const item of await db.select().from(items).where(eq(items.taskId, result.taskId))) {
      const data = item.data as { recording: { uuid: string }; picture: { uuid: string } }
      const wav = byUuid.get(data.recording.uuid)!
      const png = byUuid.get(data.picture.uuid)!
      expect([wav.mimeType, png.mimeType, wav.taskId]).toEqual([
        'audio/wav',
        'image/png',
        result.taskId,
      ])

      const wavBytes = fs.readFileSync(path.join(mediaDir, wav.storageKey))
      expect(wavBytes.length).toBe(wav.sizeBytes)
      const format = readWavFormat(wavBytes)
      expect(format).toMatchObject({
        riff: 'RIFF',
        wave: 'WAVE',
        format: 1,
        channels: 1,
        sampleRate: 16_000,
        bitsPerSample: 16,
        dataTag: 'data',
        riffSize: wavBytes.length - 8,
        dataSize: wavBytes.length - 44,
      })
      expect(format.dataSize / 2 / 16_000).toBeGreaterThan(0.2)

      const pngBytes = fs.readFileSync(path.join(mediaDir, png.storageKey))
      expect(pngBytes.subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      )
      expect(pngBytes.toString('ascii', 12, 16)).toBe('IHDR')
      const width = pngBytes.readUInt32BE(16)
      const height = pngBytes.readUInt32BE(20)
      // A picture's size, filling the image widget's 320-pixel box rather than a dot in it.
      expect({ width, height }).toEqual({ width: 480, height: 320 })
      const idatLength = pngBytes.readUInt32BE(33)
      expect(pngBytes.toString('ascii', 37, 41)).toBe('IDAT')
      const pixels = inflateSync(pngBytes.subarray(41, 41 + idatLength))
      expect(pixels.length).toBe(height * (1 + width * 3))
      expect(pngBytes.subarray(-8, -4).toString('ascii')).toBe('IEND')
    }
  })

  it('makes a protected task beside it, its recordings stored only encrypted with its key', async () => {
    const { db } = database
    const [task] = await db.select().from(tasks).where(eq(tasks.id, result.protectedTaskId))
    expect(task).toMatchObject({ status: 'IN_PROGRESS', itemsTotal: 3, encryptAudio: true })
    const [taskType] = await db.select().from(taskTypes).where(eq(taskTypes.id, task!.taskTypeId))
    expect(taskType).toMatchObject({ status: 'ACTIVE', encryptAudio: true })
    const [key] = await db
      .select()
      .from(mediaContentKeys)
      .where(eq(mediaContentKeys.taskId, result.protectedTaskId))
    const contentKey = contentKeys.unwrap(key!)
    const media = await db
      .select()
      .from(mediaObjects)
      .where(eq(mediaObjects.taskId, result.protectedTaskId))
    const audio = media.filter((row) => row.mimeType === 'audio/mp4')
    expect(audio).toHaveLength(3)
    for (const row of audio) {
      expect(row.contentKeyId).toBe(key!.id)
      const bytes = fs.readFileSync(path.join(mediaDir, row.storageKey))
      const moov = [...boxesIn(bytes)].find((box) => box.type === 'moov')!
      const stsd = boxAt(bytes, moov, ['trak', 'mdia', 'minf', 'stbl', 'stsd'])!
      expect([...boxesIn(bytes, stsd.bodyStart + 8, stsd.end)][0]!.type).toBe('enca')
      expect(bytes.includes(contentKey.keyId)).toBe(true)
    }
    expect(fs.readdirSync(mediaDir).filter((name) => name.startsWith('plain-audio'))).toEqual([])
  })

  it('refuses a database that has users, leaving it and the media directory as they were', async () => {
    const filesBefore = fs.readdirSync(mediaDir, { recursive: true }).length
    const attempt = createDemoWorkspace(database.db, {
      media: new LocalMediaStore(mediaDir),
      contentKeys,
    })
    await expect(attempt).rejects.toThrow(CommandError)
    await expect(attempt).rejects.toThrow(/already has 6 user\(s\)/)
    expect(await database.db.select().from(users)).toHaveLength(6)
    expect(fs.readdirSync(mediaDir, { recursive: true }).length).toBe(filesBefore)
  })

  it('refuses a DEMO_PASSWORD too short to be a password', async () => {
    await expect(
      createDemoWorkspace(database.db, {
        media: new LocalMediaStore(mediaDir),
        contentKeys,
        password: 'short',
      }),
    ).rejects.toThrow('DEMO_PASSWORD: Use at least 10 characters.')
  })
})
