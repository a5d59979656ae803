import fs from 'node:fs'
import path from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { count, eq } from 'drizzle-orm'
import type {
  SchemaField,
  TaskSchemaDocument,
  WidgetComponent,
} from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import {
  clientGroupMembers,
  clientGroups,
  itemSets,
  items,
  languages,
  mediaObjects,
  projects,
  taskProtocols,
  taskSchemas,
  tasks,
  taskTypes,
} from '../../db/schema'
import type { ApiClient } from '../../test/session-client'

/** Test helpers of the intake tests: ZIP and multipart writers and a client's definitions. */

export type ZipEntry = {
  name: string
  content: Buffer | string
  /** Store without compression (method 0) instead of deflating. */
  stored?: boolean
  /** Declares a size smaller than the content, so reading the entry fails. */
  corrupt?: boolean
}

/** A minimal ZIP writer (local headers, central directory, end record). */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const content = Buffer.from(entry.content)
    const data = entry.stored ? content : deflateRawSync(content)
    const method = entry.stored ? 0 : 8
    const size = entry.corrupt ? Math.max(0, content.length - 10) : content.length
    const checksum = crc32(content)

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
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(checksum, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(size, 24)
    central.writeUInt16LE(name.length, 28)
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

export type UploadFile = { name: string; content: Buffer | string; field?: string }

/** A multipart/form-data body with text fields and an optional file. */
export function multipartBody(fields: Record<string, string>, file?: UploadFile) {
  const boundary = `----intake${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export function uploadTask(client: ApiClient, fields: Record<string, string>, file?: UploadFile) {
  const { payload, headers } = multipartBody(fields, file)
  return client.post('client/tasks/', payload, { headers })
}

const place = (row: number, column: number) => ({
  row,
  column,
  col_width: 12,
  col_offset: 0,
})

export const field = (
  component: WidgetComponent,
  extra: Partial<SchemaField['widget']['config']> = {},
): SchemaField => ({
  widget: { config: { component, label: component, ...extra } },
  grid_placement: place(1, 1),
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

let definitionCount = 0

/** A client group with the given member, and a task type (with its schema and protocol) in it. */
export async function createDefinitions(
  db: Db,
  memberId: number,
  options: {
    itemSchema?: TaskSchemaDocument['item_schema']
    isFixedSets?: boolean
    itemsPerSet?: number
    maxItemsPerUserPercent?: number
  } = {},
): Promise<Definitions> {
  definitionCount += 1
  const suffix = `${definitionCount}-${process.pid}`
  const [group] = await db
    .insert(clientGroups)
    .values({ name: `intake-${suffix}`, fullName: 'Intake Ltd.' })
    .returning({ id: clientGroups.id })
  const clientGroupId = group!.id
  await db.insert(clientGroupMembers).values({ groupId: clientGroupId, userId: memberId })
  await db
    .insert(languages)
    .values([
      { code: 'en', name: 'English' },
      { code: 'pl', name: 'Polish' },
    ])
    .onConflictDoNothing({ target: languages.code })
  const languageRows = await db.select({ id: languages.id, code: languages.code }).from(languages)
  const languageId = (code: string) => languageRows.find((row) => row.code === code)!.id
  const [project] = await db
    .insert(projects)
    .values({ name: `intake project ${suffix}` })
    .returning({ id: projects.id })
  const [protocol] = await db
    .insert(taskProtocols)
    .values({ name: 'Guideline', clientGroupId, content: 'Do it well.' })
    .returning({ id: taskProtocols.id })
  const [schema] = await db
    .insert(taskSchemas)
    .values({
      name: 'Schema',
      clientGroupId,
      schema: {
        validators: [],
        rows_visibility: [],
        item_schema: options.itemSchema ?? textOnlySchema,
        annotation_schema: {},
      },
    })
    .returning({ id: taskSchemas.id })
  const [taskType] = await db
    .insert(taskTypes)
    .values({
      name: `Type ${suffix}`,
      status: 'ACTIVE',
      clientGroupId,
      schemaId: schema!.id,
      protocolId: protocol!.id,
      isFixedSets: options.isFixedSets ?? false,
      itemsPerSet: options.itemsPerSet ?? 10,
      maxItemsPerUserPercent: options.maxItemsPerUserPercent ?? 100,
      defaultMetadata: { source: 'type', batch: '0' },
    })
    .returning({ id: taskTypes.id })
  return {
    clientGroupId,
    taskTypeId: taskType!.id,
    schemaId: schema!.id,
    protocolId: protocol!.id,
    projectId: project!.id,
    languageIds: { en: languageId('en'), pl: languageId('pl') },
  }
}

/** The required upload fields for a task type. */
export const requiredFields = (definitions: Definitions) => ({
  task_type: String(definitions.taskTypeId),
  base_language: String(definitions.languageIds.en),
  target_language: String(definitions.languageIds.pl),
  settle_target_lang: 'false',
})

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

export function listFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return []
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

export async function itemsOf(db: Db, taskId: number) {
  return db.select().from(items).where(eq(items.taskId, taskId)).orderBy(items.position)
}
