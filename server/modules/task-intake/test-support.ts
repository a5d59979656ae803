import { Readable } from 'node:stream'
import { crc32, deflateRawSync } from 'node:zlib'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import {
  gridPlacement,
  type SchemaField,
  type TaskSchemaDocument,
  type WidgetComponent,
} from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import { itemSets, items, mediaObjects, projects, tasks } from '../../db/schema'
import { seedClientGroup, seedLanguages, seedTaskType, uniqueName } from '../../test/fixtures'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { type MultipartFile, multipartBody } from '../../test/multipart'
import { type ApiClient, type SignedInClient, signIn } from '../../test/session-client'
import { removeStoredFile, storeStream } from '../media/storage'
import { removeImportedRows } from './queries'

/** Test helpers of the intake tests: ZIP and multipart writers and a client's definitions. */

export type ZipEntry = {
  name: string
  /** The bytes, or bytes already deflated with the size they inflate to (for large entries). */
  content: Buffer | string | { deflated: Buffer; size: number }
  /** Store without compression (method 0) instead of deflating. */
  stored?: boolean
  /** The uncompressed size the headers declare, when it is not the real one (a lying archive). */
  declaredSize?: number
  /** Marks the entry as a Unix symbolic link (its content is the link target). */
  symlink?: boolean
}

const UNIX_HOST = 3 << 8

/** A minimal ZIP writer (local headers, central directory, end record). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const given = entry.content
    const prepared = typeof given === 'object' && 'deflated' in given ? given : null
    const content = prepared ? null : Buffer.from(given as Buffer | string)
    const data = prepared?.deflated ?? (entry.stored ? content! : deflateRawSync(content!))
    const method = entry.stored ? 0 : 8
    const size = entry.declaredSize ?? prepared?.size ?? content!.length
    const checksum = content ? crc32(content) : 0

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(checksum, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, data)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(entry.symlink ? UNIX_HOST | 20 : 20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(checksum, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
    if (entry.symlink) central.writeUInt32LE((0o120777 << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export function uploadTask(
  client: ApiClient,
  fields: Record<string, string>,
  file?: MultipartFile,
) {
  const { payload, headers } = multipartBody(fields, file)
  return client.post('client/tasks/', payload, { headers })
}

export const field = (
  component: WidgetComponent,
  extra: Partial<SchemaField['widget']['config']> = {},
): SchemaField => ({
  widget: { config: { component, label: component, ...extra } },
  grid_placement: gridPlacement(1, 1),
})

export const textOnlySchema: TaskSchemaDocument['item_schema'] = { prompt: field('text') }

export type Definitions = {
  clientGroupId: number
  taskTypeId: number
  schemaId: number
  protocolId: number
  projectId: number
  languageIds: { en: number; pl: number }
}

/** A client group with the given member, and a task type (with its schema and protocol) in it. */
export async function createDefinitions(
  db: Db,
  memberId: number,
  options: {
    itemSchema?: TaskSchemaDocument['item_schema']
    annotationSchema?: TaskSchemaDocument['annotation_schema']
    validators?: TaskSchemaDocument['validators']
    isFixedSets?: boolean
    itemsPerSet?: number
    maxItemsPerUserPercent?: number
    encryptAudio?: boolean
  } = {},
): Promise<Definitions> {
  const group = await seedClientGroup(db, { memberIds: [memberId] })
  const languageIds = await seedLanguages(db, ['en', 'pl'])
  const [project] = await db
    .insert(projects)
    .values({ name: uniqueName('intake project') })
    .returning({ id: projects.id })
  const { schema, protocol, taskType } = await seedTaskType(db, group.id, {
    schema: {
      validators: options.validators ?? [],
      rows_visibility: [],
      item_schema: options.itemSchema ?? textOnlySchema,
      annotation_schema: options.annotationSchema ?? {},
    },
    protocol: { content: 'Do it well.' },
    type: {
      isFixedSets: options.isFixedSets ?? false,
      itemsPerSet: options.itemsPerSet ?? 10,
      maxItemsPerUserPercent: options.maxItemsPerUserPercent ?? 100,
      encryptAudio: options.encryptAudio ?? false,
      defaultMetadata: { source: 'type', batch: '0' },
    },
  })
  return {
    clientGroupId: group.id,
    taskTypeId: taskType.id,
    schemaId: schema.id,
    protocolId: protocol.id,
    projectId: project!.id,
    languageIds,
  }
}

/** Every widget kind an item field can have. */
export const richSchema: TaskSchemaDocument['item_schema'] = {
  prompt: field('textarea'),
  flag: field('checkbox'),
  speaker: field('dropdown', { options: ['Woman', 'Man'] }),
  tags: field('dropdown', { options: ['a', 'b', 'c'], multiple: true }),
  recording: field('audio'),
  picture: field('image'),
}

export const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n')

export type IntakeTests = {
  t: MediaTestApp
  /** A client of the group `defs` belong to. */
  client: SignedInClient
  defs: Definitions
  /** Other definitions of the client's group. */
  definitionsWith: (options: Parameters<typeof createDefinitions>[2]) => Promise<Definitions>
}

/** The app (with a media directory of its own) and a client with definitions for a test file. */
export function setUpIntakeTests(name: string): IntakeTests {
  const intake = {
    definitionsWith: (options) => createDefinitions(intake.t.db, intake.client.user.id, options),
  } as IntakeTests
  beforeAll(async () => {
    intake.t = await createTestAppWithMedia(name)
    intake.client = await signIn(intake.t, { roles: ['client'] })
    intake.defs = await createDefinitions(intake.t.db, intake.client.user.id)
  })
  afterAll(() => intake.t.close())
  return intake
}

/** The required upload fields for a task type. */
export const requiredFields = (definitions: Definitions) => ({
  task_type: String(definitions.taskTypeId),
  base_language: String(definitions.languageIds.en),
  target_language: String(definitions.languageIds.pl),
  settle_target_lang: 'false',
})

/**
 * A PROCESSING task of `own` whose stored source file is `content`, unchecked (as if an import
 * of it had not run yet, or was cut short); `seed` is a valid file of the task type, which makes
 * the task.
 */
export async function processingTask(
  intake: IntakeTests,
  own: Definitions,
  name: string,
  content: Buffer | string,
  seed: MultipartFile = { name: 'seed.jsonl', content: JSON.stringify({ prompt: 'seed' }) },
) {
  const made = await uploadTask(intake.client, requiredFields(own), seed)
  expect(made.statusCode, made.body).toBe(201)
  const taskId: number = made.json().id
  const stored = await storeStream(intake.t.media, Readable.from([Buffer.from(content)]))
  const seedFiles = await intake.t.db.transaction(async (tx) => {
    const keys = await removeImportedRows(tx, taskId)
    const [source] = await tx
      .insert(mediaObjects)
      .values({ ...stored, originalName: name, mimeType: 'application/octet-stream' })
      .returning({ id: mediaObjects.id })
    await tx
      .update(tasks)
      .set({ status: 'PROCESSING', sourceFileId: source!.id })
      .where(eq(tasks.id, taskId))
    return keys
  })
  for (const key of seedFiles) await removeStoredFile(intake.t.media, key)
  return taskId
}

/** Rows an upload may create, and the files in media storage, to prove a refusal made nothing. */
export async function createdSoFar(db: Db, mediaDir: string) {
  const counted = async (
    table: typeof tasks | typeof items | typeof itemSets | typeof mediaObjects,
  ) => (await db.select({ n: count() }).from(table))[0]!.n
  return {
    tasks: await counted(tasks),
    items: await counted(items),
    itemSets: await counted(itemSets),
    mediaObjects: await counted(mediaObjects),
    files: listFiles(mediaDir).length,
  }
}

export async function itemsOf(db: Db, taskId: number) {
  return db.select().from(items).where(eq(items.taskId, taskId)).orderBy(items.position)
}
