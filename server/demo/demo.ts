import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq, inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { PasswordSchema } from '../../contract/auth'
import type { Role } from '../../contract/roles'
import type { Db } from '../db/client'
import {
  clientGroupMembers,
  clientGroups,
  coordinationManagedGroups,
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  groupCoordinators,
  itemSets,
  items,
  languages,
  mediaObjects,
  profileLanguages,
  projects,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypeGroups,
  taskTypeProjects,
  taskTypes,
  timelogTypes,
  users,
} from '../db/schema'
import { insertAccount } from '../manage/accounts'
import { CommandError } from '../manage/errors'
import { hashPassword } from '../modules/auth/passwords'
import { type ContentKey, createContentKey } from '../modules/media/protection/content-key'
import { PROTECTED_AUDIO_MIME_TYPE } from '../modules/media/protection/encrypt'
import { type ContentKeyStore, storeTaskContentKey } from '../modules/media/protection/key-store'
import { storeProtectedAudio } from '../modules/media/protection/store-protected'
import { storeStream } from '../modules/media/storage'
import type { MediaStore } from '../modules/media/store/media-store'
import { assertSafePatterns } from '../patterns/pattern-safety'
import {
  DEMO_ACCOUNTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_LANGUAGES,
  DEMO_PROMPTS,
  DEMO_PROTOCOL_MARKDOWN,
  DEMO_PROTOCOL_NAME,
  DEMO_TASK_SCHEMA,
} from './content'
import { discPng, type Rgb, toneWav } from './media-files'

const ITEM_SETS = 3
const ITEMS_PER_SET = 3
/** The protected task: one set, its audio stored only encrypted. */
const PROTECTED_ITEMS = ITEMS_PER_SET
const TONE_MS = 150

export type DemoOptions = {
  media: MediaStore
  /** Wraps the protected task's content key. */
  contentKeys: ContentKeyStore
  /** One password for every demo account; when absent each gets a random one. */
  password?: string
}

export type DemoCredential = { username: string; role: Role; password: string }

export type DemoResult = {
  credentials: DemoCredential[]
  taskId: number
  /** The task beside it whose type protects its audio (stored encrypted, played with a licence). */
  protectedTaskId: number
  mediaFiles: number
}

type StoredFile = {
  uuid: string
  storageKey: string
  mimeType: string
  sizeBytes: number
  sha256: string
  originalName: string
}

/**
 * Fills an empty database with a workspace to try every role on: accounts, languages, groups, a
 * project, a protocol, a schema, an active task type, time-log types and a running task whose
 * items have real audio and pictures, and beside it a running task of a type with "Protect
 * audio" on, whose recordings are stored only encrypted. Everything is written in one transaction; the media files
 * are written first and removed again if the transaction fails.
 */
export async function createDemoWorkspace(db: Db, options: DemoOptions): Promise<DemoResult> {
  if (options.password !== undefined) {
    const check = v.safeParse(PasswordSchema, options.password)
    if (!check.success) throw new CommandError(`DEMO_PASSWORD: ${check.issues[0].message}`)
  }
  await refuseNonEmpty(db)

  const credentials = DEMO_ACCOUNTS.map((account) => ({
    username: account.username,
    role: account.role,
    password: options.password ?? randomBytes(12).toString('base64url'),
  }))
  const passwordHashes = await Promise.all(
    credentials.map((credential) => hashPassword(credential.password)),
  )

  const contentKey = createContentKey()
  const files = await writeDemoMedia(options.media, contentKey)
  const written = [
    ...files.audio,
    ...files.images,
    ...files.protectedAudio,
    ...files.protectedImages,
  ]
  try {
    const { taskId, protectedTaskId } = await db.transaction(async (tx) => {
      await refuseNonEmpty(tx)
      const userIds = new Map<string, number>()
      for (const [index, account] of DEMO_ACCOUNTS.entries()) {
        const id = await insertAccount(tx, {
          username: account.username,
          email: `${account.username}@${DEMO_EMAIL_DOMAIN}`,
          firstName: account.firstName,
          lastName: account.lastName,
          passwordHash: passwordHashes[index]!,
          roles: [account.role],
        })
        userIds.set(account.username, id)
      }
      const userId = (username: string) => userIds.get(username)!
      const languageIds = await insertLanguages(tx)
      await describeAnnotator(tx, userId('annotator'), languageIds)
      const groups = await insertGroups(tx, userId)
      await insertTimelogTypes(tx)
      return insertDefinitionsAndTasks(tx, { userId, languageIds, ...groups, files }, (taskId) =>
        storeTaskContentKey(tx, options.contentKeys, taskId, contentKey),
      )
    })
    return { credentials, taskId, protectedTaskId, mediaFiles: written.length }
  } catch (error) {
    await Promise.all(written.map((file) => options.media.delete(file.storageKey)))
    throw error
  }
}

async function refuseNonEmpty(db: Db) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  if ((row?.count ?? 0) > 0) {
    throw new CommandError(
      `The database already has ${row?.count} user(s); the demo workspace only goes into an empty database.`,
    )
  }
}

async function insertLanguages(db: Db): Promise<Map<string, number>> {
  // A migration or an operator may have added languages already; the demo reuses them.
  await db.insert(languages).values(DEMO_LANGUAGES).onConflictDoNothing({ target: languages.code })
  const codes = DEMO_LANGUAGES.map((language) => language.code)
  const rows = await db
    .select({ id: languages.id, code: languages.code })
    .from(languages)
    .where(inArray(languages.code, codes))
  return new Map(rows.map((row) => [row.code, row.id]))
}

/** Kinds of time workers log by hand: ordinary work away from the tracker, and a paid break. */
async function insertTimelogTypes(db: Db) {
  await db
    .insert(timelogTypes)
    .values([
      { name: 'Training', isBonusBreak: false },
      { name: 'Bonus break', isBonusBreak: true },
    ])
    .onConflictDoNothing({ target: timelogTypes.name })
}

async function describeAnnotator(db: Db, userId: number, languageIds: Map<string, number>) {
  const polish = languageIds.get('pl')!
  const english = languageIds.get('en')!
  const [profile] = await db
    .update(endworkerProfiles)
    .set({ mainLanguageId: polish, gender: 'female', birthYear: 1994, availability: 20 })
    .where(eq(endworkerProfiles.userId, userId))
    .returning({ id: endworkerProfiles.id })
  // The main language must be among the spoken ones (a native language is listed in both sets),
  // or the annotator's first unchanged profile save is refused.
  await db.insert(profileLanguages).values([
    { profileId: profile!.id, languageId: polish, isNative: true },
    { profileId: profile!.id, languageId: polish, isNative: false },
    { profileId: profile!.id, languageId: english, isNative: false },
  ])
}

async function insertGroups(db: Db, userId: (username: string) => number) {
  const [clientGroup] = await db
    .insert(clientGroups)
    .values({ name: 'demo-client', fullName: 'Demo Client Ltd.' })
    .returning({ id: clientGroups.id })
  await db.insert(clientGroupMembers).values({ groupId: clientGroup!.id, userId: userId('client') })

  const [reviewers] = await db
    .insert(endworkerGroups)
    .values({ name: 'Demo reviewers', taskGroup: false, reviewGroup: true })
    .returning({ id: endworkerGroups.id })
  // The reviewers review the work of the coordination group, which manages the annotators.
  const [annotators, coordination] = await db
    .insert(endworkerGroups)
    .values([
      { name: 'Demo annotators', taskGroup: true },
      {
        name: 'Demo coordination',
        taskGroup: false,
        coordinationGroup: true,
        reviewedByGroupId: reviewers!.id,
      },
    ])
    .returning({ id: endworkerGroups.id })
  await db.insert(endworkerGroupMembers).values([
    { groupId: annotators!.id, userId: userId('annotator') },
    { groupId: reviewers!.id, userId: userId('reviewer') },
  ])
  await db
    .insert(groupCoordinators)
    .values({ groupId: coordination!.id, userId: userId('coordinator') })
  await db
    .insert(coordinationManagedGroups)
    .values({ coordinationGroupId: coordination!.id, managedGroupId: annotators!.id })
  return { clientGroupId: clientGroup!.id, taskGroupId: annotators!.id }
}

type DefinitionsInput = {
  userId: (username: string) => number
  languageIds: Map<string, number>
  clientGroupId: number
  taskGroupId: number
  files: DemoMedia
}

/** The open task and the protected one; `keepContentKey` stores the latter's key. */
async function insertDefinitionsAndTasks(
  db: Db,
  input: DefinitionsInput,
  keepContentKey: (taskId: number) => Promise<number | null>,
): Promise<{ taskId: number; protectedTaskId: number }> {
  const { userId, clientGroupId, files } = input
  const author = userId('client')
  await assertSafePatterns(DEMO_TASK_SCHEMA)
  const [project] = await db
    .insert(projects)
    .values({ name: 'Demo project', description: 'Sample work to try the platform with.' })
    .returning({ id: projects.id })
  const [protocol] = await db
    .insert(taskProtocols)
    .values({
      name: DEMO_PROTOCOL_NAME,
      servingType: 'TXT',
      clientGroupId,
      content: DEMO_PROTOCOL_MARKDOWN,
      authorId: author,
    })
    .returning({ id: taskProtocols.id })
  const [schema] = await db
    .insert(taskSchemas)
    .values({
      name: 'Recording, picture and prompt',
      schema: DEMO_TASK_SCHEMA,
      authorId: author,
      clientGroupId,
    })
    .returning({ id: taskSchemas.id })
  const definitions = {
    ...input,
    author,
    projectId: project!.id,
    protocolId: protocol!.id,
    schemaId: schema!.id,
  }
  const taskId = await insertTypeAndTask(db, definitions, {
    typeName: 'Demo transcription',
    description: 'Demo batch: nine short recordings with pictures',
    encryptAudio: false,
    audio: files.audio,
    images: files.images,
    contentKeyId: async () => null,
  })
  const protectedTaskId = await insertTypeAndTask(db, definitions, {
    typeName: 'Confidential transcription (protected audio)',
    description: 'Confidential batch: three recordings stored only encrypted',
    encryptAudio: true,
    audio: files.protectedAudio,
    images: files.protectedImages,
    contentKeyId: keepContentKey,
  })
  return { taskId, protectedTaskId }
}

/**
 * An active task type handing work to the task group, and a running task of it with fixed sets
 * of ITEMS_PER_SET items, one per recording; `contentKeyId` keeps the key of protected audio.
 */
async function insertTypeAndTask(
  db: Db,
  definitions: DefinitionsInput & {
    author: number
    projectId: number
    protocolId: number
    schemaId: number
  },
  task: {
    typeName: string
    description: string
    encryptAudio: boolean
    audio: StoredFile[]
    images: StoredFile[]
    contentKeyId: (taskId: number) => Promise<number | null>
  },
): Promise<number> {
  const { author, languageIds, clientGroupId, taskGroupId, projectId, protocolId, schemaId } =
    definitions
  const [taskType] = await db
    .insert(taskTypes)
    .values({
      name: task.typeName,
      status: 'ACTIVE',
      isFixedSets: true,
      itemsPerSet: ITEMS_PER_SET,
      reviewEnabled: true,
      reviewProbability: 0.5,
      reviewNewcomersBound: 3,
      downloadEnabled: true,
      encryptAudio: task.encryptAudio,
      schemaId,
      protocolId,
      defaultMetadata: { source: 'demo' },
      clientGroupId,
      defaultProjectId: projectId,
      authorId: author,
    })
    .returning({ id: taskTypes.id })
  await db.insert(taskTypeGroups).values({ taskTypeId: taskType!.id, groupId: taskGroupId })
  await db.insert(taskTypeProjects).values({ taskTypeId: taskType!.id, projectId })

  const [row] = await db
    .insert(tasks)
    .values({
      description: task.description,
      status: 'IN_PROGRESS',
      startedAt: new Date(),
      authorId: author,
      taskTypeId: taskType!.id,
      projectId,
      baseLanguageId: languageIds.get('pl')!,
      targetLanguageId: languageIds.get('pl')!,
      settleTargetLang: true,
      schemaId,
      protocolId,
      isFixedSets: true,
      downloadEnabled: true,
      encryptAudio: task.encryptAudio,
      itemsPerSet: ITEMS_PER_SET,
      metadata: { source: 'demo', batch: '1' },
      itemsTotal: task.audio.length,
    })
    .returning({ id: tasks.id })
  const taskId = row!.id
  const contentKeyId = await task.contentKeyId(taskId)
  await db
    .insert(mediaObjects)
    .values([
      ...task.audio.map((file) => ({ ...file, taskId, creatorId: author, contentKeyId })),
      ...task.images.map((file) => ({ ...file, taskId, creatorId: author })),
    ])

  for (let set = 0; set < task.audio.length / ITEMS_PER_SET; set++) {
    const [itemSet] = await db
      .insert(itemSets)
      .values({ taskId, isFixed: true, position: set })
      .returning({ id: itemSets.id })
    await db.insert(items).values(
      Array.from({ length: ITEMS_PER_SET }, (_, index) => {
        const position = set * ITEMS_PER_SET + index
        return {
          taskId,
          itemSetId: itemSet!.id,
          position,
          dataId: `demo-${position + 1}`,
          data: {
            recording: { uuid: task.audio[position]!.uuid },
            picture: { uuid: task.images[position]!.uuid },
            prompt: DEMO_PROMPTS[position],
          },
        }
      }),
    )
  }
  return taskId
}

type DemoMedia = {
  audio: StoredFile[]
  images: StoredFile[]
  /** The protected task's recordings, stored only encrypted, and its pictures. */
  protectedAudio: StoredFile[]
  protectedImages: StoredFile[]
}

/**
 * The demo's pictures: as tall as the image widget's box on the annotation screen (320 pixels),
 * in a photo's 3:2, so they show at their own size instead of as a dot in an empty box.
 */
const DEMO_PICTURE_SIZE = { width: 480, height: 320 }

/** Picture colours of the nine items, matching the colour their prompt names. */
const PICTURE_COLOURS: Rgb[] = [
  [120, 120, 120],
  [220, 40, 40],
  [40, 160, 60],
  [40, 90, 220],
  [240, 200, 30],
  [245, 130, 20],
  [140, 60, 200],
  [128, 128, 128],
  [240, 120, 170],
]

async function writeDemoMedia(store: MediaStore, contentKey: ContentKey): Promise<DemoMedia> {
  const media: DemoMedia = { audio: [], images: [], protectedAudio: [], protectedImages: [] }
  const plainFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-plain-audio-'))
  try {
    for (let position = 0; position < ITEM_SETS * ITEMS_PER_SET; position++) {
      // A rising triad that starts a semitone higher per item, so each recording sounds different.
      const root = 440 * 2 ** (position / 12)
      const wav = toneWav([root, root * 1.25, root * 1.5], TONE_MS)
      const png = discPng(DEMO_PICTURE_SIZE, [230, 236, 245], PICTURE_COLOURS[position]!)
      const name = `demo-${position + 1}`
      media.audio.push(await storeFile(store, wav, 'audio/wav', `${name}.wav`))
      media.images.push(await storeFile(store, png, 'image/png', `${name}.png`))
      if (position >= PROTECTED_ITEMS) continue
      const uuid = randomUUID()
      const stored = await storeProtectedAudio(
        store,
        plainFolder,
        Readable.from([wav]),
        uuid,
        contentKey,
      )
      media.protectedAudio.push({
        ...stored,
        mimeType: PROTECTED_AUDIO_MIME_TYPE,
        originalName: `${name}.wav`,
      })
      media.protectedImages.push(await storeFile(store, png, 'image/png', `${name}.png`))
    }
    return media
  } finally {
    await fs.rm(plainFolder, { recursive: true, force: true })
  }
}

async function storeFile(media: MediaStore, bytes: Buffer, mimeType: string, originalName: string) {
  const stored = await storeStream(media, Readable.from([bytes]), path.extname(originalName))
  return { ...stored, mimeType, originalName }
}
