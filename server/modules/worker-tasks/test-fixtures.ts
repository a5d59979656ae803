import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { CSRF_COOKIE, SESSION_COOKIE } from '../../../contract/constants'
import type { Role } from '../../../contract/roles'
import {
  gridPlacement,
  type TaskSchemaDocument,
  type TaskSchemaDocumentInput,
  TaskSchemaDocumentSchema,
} from '../../../contract/task-schema'
import type { Db } from '../../db/client'
import {
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  profileLanguages,
  protocolReads,
  type taskProtocols,
  type tasks,
  taskTypeGroups,
  type taskTypes,
  users,
} from '../../db/schema'
import {
  annotationField,
  schemaField,
  seedClientGroup,
  seedLanguages,
  seedTaskType,
  seedTaskWithItems,
  uniqueName,
} from '../../test/fixtures'
import { ApiClient } from '../../test/session-client'
import { createSession } from '../auth/session-store'
import { newToken } from '../auth/tokens'

/**
 * A worker scenario in the database: languages, a client group, a task group, a schema, a
 * protocol, an ACTIVE task type handing work to the task group, and an IN_PROGRESS task (base
 * English, target Polish, target language required) with items; then workers with profiles,
 * languages and group membership, signed in by a session written straight to the database.
 */

const SCHEMA_INPUT: TaskSchemaDocumentInput = {
  validators: [
    { type: 'required', field: 'transcript' },
    { type: 'max_length', field: 'transcript', value: 20, severity: 'warning' },
    {
      type: 'requires',
      field: 'note',
      when: { field: 'ok', equals: 'false' },
      severity: 'info',
      message: 'Say why it is not OK.',
    },
  ],
  item_schema: {
    prompt: schemaField('text', 'Prompt', gridPlacement(0, 0, 6)),
    recording: schemaField('audio', 'Recording', gridPlacement(0, 1, 6)),
  },
  annotation_schema: {
    transcript: annotationField('textarea', 'Transcript', gridPlacement(1, 0, 12), 'string'),
    ok: annotationField('checkbox', 'OK', gridPlacement(2, 0, 4), 'bool'),
    note: annotationField('text', 'Why not?', gridPlacement(2, 1, 8), 'string'),
    count: annotationField('text', 'Words', gridPlacement(3, 0, 4), 'int'),
  },
}

/**
 * Item fields prompt (text) and recording (audio); annotation fields transcript (required, a
 * warning past 20 characters), ok (bool), note (info when ok is 'false' and it is empty) and
 * count (int).
 */
export const WORKER_SCHEMA: TaskSchemaDocument = v.parse(TaskSchemaDocumentSchema, SCHEMA_INPUT)

export type Languages = { en: number; pl: number; de: number }

export type ItemData = Record<string, unknown>

export type ScenarioOptions = {
  type?: Partial<typeof taskTypes.$inferInsert>
  task?: Partial<typeof tasks.$inferInsert>
  /** How many items, or their data; 5 items by default. */
  items?: number | ItemData[]
  protocol?: Partial<typeof taskProtocols.$inferInsert>
}

export type Definitions = {
  languages: Languages
  clientGroupId: number
  taskGroupId: number
  schemaId: number
  protocolId: number
  taskType: typeof taskTypes.$inferSelect
}

export type SeededTask = {
  task: typeof tasks.$inferSelect
  itemIds: number[]
  /** The fixed sets of a fixed-set task, in order. */
  fixedSetIds: number[]
}

export type Scenario = Definitions & SeededTask

export const itemDataAt = (position: number): ItemData => ({
  prompt: `prompt ${position}`,
  recording: { uuid: randomUUID() },
})

export async function seedScenario(db: Db, options: ScenarioOptions = {}): Promise<Scenario> {
  const langs = await seedLanguages(db, ['en', 'pl', 'de'])
  const clientGroup = await seedClientGroup(db, { name: uniqueName('client'), fullName: '' })
  const [taskGroup] = await db
    .insert(endworkerGroups)
    .values({ name: uniqueName('task-group'), taskGroup: true })
    .returning()
  const { schema, protocol, taskType } = await seedTaskType(db, clientGroup.id, {
    schema: WORKER_SCHEMA,
    protocol: { content: '# Rules\n\nTranscribe what you hear.', ...options.protocol },
    type: options.type,
  })
  await db.insert(taskTypeGroups).values({ taskTypeId: taskType.id, groupId: taskGroup!.id })
  const definitions: Definitions = {
    languages: langs,
    clientGroupId: clientGroup.id,
    taskGroupId: taskGroup!.id,
    schemaId: schema.id,
    protocolId: protocol.id,
    taskType,
  }
  const first = await seedTask(db, definitions, options)
  return { ...definitions, ...first }
}

/**
 * A task of the scenario's type with its items; fixed-set tasks (the type's is_fixed_sets by
 * default) get fixed sets of items_per_set items in order, as an upload makes them.
 */
export async function seedTask(
  db: Db,
  definitions: Pick<Definitions, 'languages' | 'schemaId' | 'protocolId' | 'taskType'>,
  options: Pick<ScenarioOptions, 'task' | 'items'> = {},
): Promise<SeededTask> {
  const itemSeeds =
    typeof options.items === 'object'
      ? options.items
      : Array.from({ length: options.items ?? 5 }, (_, position) => itemDataAt(position))
  return seedTaskWithItems(
    db,
    { ...definitions, taskTypeId: definitions.taskType.id },
    itemSeeds.map((data) => ({ data })),
    {
      status: 'IN_PROGRESS',
      settleTargetLang: true,
      isFixedSets: definitions.taskType.isFixedSets,
      itemsPerSet: definitions.taskType.itemsPerSet,
      ...options.task,
    },
  )
}

export type WorkerOptions = {
  /** Profile languages; English and Polish by default. */
  languages?: number[]
  mainLanguage?: number | null
  /** Member of the scenario's task group (default true). */
  inTaskGroup?: boolean
  /** Confirmed the scenario's protocol (default true). */
  confirmedProtocol?: boolean
  roles?: Role[]
}

export type Worker = { id: number; username: string }

export async function seedWorker(
  db: Db,
  scenario: Pick<Scenario, 'taskGroupId' | 'protocolId'> & {
    languages: Pick<Languages, 'en' | 'pl'>
  },
  options: WorkerOptions = {},
): Promise<Worker> {
  const username = uniqueName('worker')
  const [user] = await db
    .insert(users)
    .values({ username, email: `${username}@example.test`, roles: options.roles ?? ['endworker'] })
    .returning({ id: users.id })
  const userId = user!.id
  const [profile] = await db
    .insert(endworkerProfiles)
    .values({ userId, mainLanguageId: options.mainLanguage ?? null })
    .returning({ id: endworkerProfiles.id })
  const spoken = options.languages ?? [scenario.languages.en, scenario.languages.pl]
  if (spoken.length > 0) {
    await db
      .insert(profileLanguages)
      .values(spoken.map((languageId) => ({ profileId: profile!.id, languageId, isNative: false })))
  }
  if (options.inTaskGroup ?? true) {
    await db.insert(endworkerGroupMembers).values({ groupId: scenario.taskGroupId, userId })
  }
  if (options.confirmedProtocol ?? true) {
    await db.insert(protocolReads).values({ userId, protocolId: scenario.protocolId })
  }
  return { id: userId, username }
}

export type WorkerClient = ApiClient & { user: Worker }

/** A client signed in as the user through a session row, sparing a password hash per user. */
export async function clientFor(app: FastifyInstance, user: Worker): Promise<WorkerClient> {
  const client = new ApiClient(app)
  const token = await createSession(app.db, {
    userId: user.id,
    ttlHours: 24,
    userAgent: 'test',
    address: '127.0.0.1',
  })
  client.cookies.set(SESSION_COOKIE, token)
  client.cookies.set(CSRF_COOKIE, newToken())
  return Object.assign(client, { user })
}

export async function addWorker(
  app: FastifyInstance,
  scenario: Pick<Scenario, 'languages' | 'taskGroupId' | 'protocolId'>,
  options: WorkerOptions = {},
): Promise<WorkerClient> {
  return clientFor(app, await seedWorker(app.db, scenario, options))
}

export type ClaimedSet = {
  scenario: Scenario
  worker: WorkerClient
  setId: number
  itemIds: number[]
}

/**
 * A scenario whose items make one set (two items by default; `options` go to seedScenario), a
 * worker of it and the set that worker claimed through the API.
 */
export async function seedClaimedSet(
  app: FastifyInstance,
  options: ScenarioOptions = {},
): Promise<ClaimedSet> {
  const scenario = await seedScenario(app.db, { items: 2, type: { itemsPerSet: 2 }, ...options })
  const worker = await addWorker(app, scenario)
  const response = await worker.post(claimPath(scenario.task.id))
  if (response.statusCode !== 201) {
    throw new Error(`the claim answered ${response.statusCode}: ${response.body}`)
  }
  const set = response.json() as { id: number; items: { id: number }[] }
  return { scenario, worker, setId: set.id, itemIds: set.items.map((item) => item.id) }
}

/** A save body for the annotation route; `at` orders edits (last writer wins). */
export const annotationBody = (
  data: Record<string, unknown>,
  { isDone = false, at = new Date() }: { isDone?: boolean; at?: Date } = {},
) => ({ data, is_done: isDone, client_updated_at: at.toISOString() })

export const claimPath = (taskId: number) => `endworker/tasks/${taskId}/item-sets/`
export const annotationPath = (itemSetId: number, itemId: number) =>
  `endworker/item-sets/${itemSetId}/items/${itemId}/annotation/`
export const idempotencyHeaders = (key: string = randomUUID()) => ({ 'idempotency-key': key })
