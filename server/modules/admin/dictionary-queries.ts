import { eq, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type {
  LanguageListQuery,
  ProjectListQuery,
  TimelogTypeListQuery,
} from '../../../contract/admin'
import type { Db } from '../../db/client'
import {
  endworkerProfiles,
  languages,
  profileLanguages,
  projects,
  tasks,
  taskTypeProjects,
  taskTypes,
  timeLogIntervals,
  timelogTypes,
} from '../../db/schema'
import { orderOf } from '../review/listing'
import { nameMatches } from '../task-definitions/listing'
import type { Usage } from './usage'

const byNameOrId = (table: { id: AnyPgColumn; name: AnyPgColumn }) => ({
  id: sql`${table.id}`,
  name: sql`lower(${table.name})`,
})

// Languages ---------------------------------------------------------------------------------------

export async function listLanguagePage(db: Db, query: LanguageListQuery) {
  const where = query.search
    ? or(nameMatches(languages.name, query.search), nameMatches(languages.code, query.search))
    : undefined
  const count = await db.$count(languages, where)
  const rows = await db
    .select()
    .from(languages)
    .where(where)
    .orderBy(
      orderOf(
        { ...byNameOrId(languages), code: sql`lower(${languages.code})` },
        query.ordering,
        sql`${languages.id}`,
      ),
    )
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows }
}

export async function findLanguage(db: Db, id: number) {
  const [row] = await db.select().from(languages).where(eq(languages.id, id))
  return row
}

export async function languageCodeTaken(db: Db, code: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(sql`lower(${languages.code}) = lower(${code})`)
  return row !== undefined && row.id !== exceptId
}

type LanguageValues = Pick<typeof languages.$inferInsert, 'code' | 'name' | 'diacriticSigns'>

export async function insertLanguage(db: Db, values: LanguageValues) {
  const [row] = await db.insert(languages).values(values).returning()
  if (!row) throw new Error('language insert returned nothing')
  return row
}

export async function updateLanguage(db: Db, id: number, values: LanguageValues) {
  const [row] = await db.update(languages).set(values).where(eq(languages.id, id)).returning()
  return row
}

export async function languageUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      one: 'task',
      many: 'tasks',
      count: await db.$count(
        tasks,
        or(eq(tasks.baseLanguageId, id), eq(tasks.targetLanguageId, id)),
      ),
    },
    {
      one: 'worker profile',
      many: 'worker profiles',
      count: await db.$count(
        endworkerProfiles,
        or(
          eq(endworkerProfiles.mainLanguageId, id),
          sql`exists (select 1 from ${profileLanguages} where ${profileLanguages.profileId} = ${endworkerProfiles.id} and ${profileLanguages.languageId} = ${id})`,
        ),
      ),
    },
  ]
}

export async function deleteLanguage(db: Db, id: number) {
  await db.delete(languages).where(eq(languages.id, id))
}

// Projects ----------------------------------------------------------------------------------------

export async function listProjectPage(db: Db, query: ProjectListQuery) {
  const where = query.search
    ? or(nameMatches(projects.name, query.search), nameMatches(projects.description, query.search))
    : undefined
  const count = await db.$count(projects, where)
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(orderOf(byNameOrId(projects), query.ordering, sql`${projects.id}`))
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows }
}

export async function findProject(db: Db, id: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id))
  return row
}

export async function projectNameTaken(db: Db, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`lower(${projects.name}) = lower(${name})`)
  return row !== undefined && row.id !== exceptId
}

type ProjectValues = Pick<typeof projects.$inferInsert, 'name' | 'description'>

export async function insertProject(db: Db, values: ProjectValues) {
  const [row] = await db.insert(projects).values(values).returning()
  if (!row) throw new Error('project insert returned nothing')
  return row
}

export async function updateProject(db: Db, id: number, values: ProjectValues) {
  const [row] = await db.update(projects).set(values).where(eq(projects.id, id)).returning()
  return row
}

export async function projectUsage(db: Db, id: number): Promise<Usage> {
  return [
    { one: 'task', many: 'tasks', count: await db.$count(tasks, eq(tasks.projectId, id)) },
    {
      one: 'task type',
      many: 'task types',
      count: await db.$count(
        taskTypes,
        or(
          eq(taskTypes.defaultProjectId, id),
          sql`exists (select 1 from ${taskTypeProjects} where ${taskTypeProjects.taskTypeId} = ${taskTypes.id} and ${taskTypeProjects.projectId} = ${id})`,
        ),
      ),
    },
  ]
}

export async function deleteProject(db: Db, id: number) {
  await db.delete(projects).where(eq(projects.id, id))
}

// Time-log types ----------------------------------------------------------------------------------

export async function listTimelogTypePage(db: Db, query: TimelogTypeListQuery) {
  const where = nameMatches(timelogTypes.name, query.search)
  const count = await db.$count(timelogTypes, where)
  const rows = await db
    .select()
    .from(timelogTypes)
    .where(where)
    .orderBy(orderOf(byNameOrId(timelogTypes), query.ordering, sql`${timelogTypes.id}`))
    .offset(query.offset)
    .limit(query.limit)
  return { count, rows }
}

export async function findTimelogType(db: Db, id: number) {
  const [row] = await db.select().from(timelogTypes).where(eq(timelogTypes.id, id))
  return row
}

export async function timelogTypeNameTaken(db: Db, name: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: timelogTypes.id })
    .from(timelogTypes)
    .where(sql`lower(${timelogTypes.name}) = lower(${name})`)
  return row !== undefined && row.id !== exceptId
}

type TimelogTypeValues = Pick<typeof timelogTypes.$inferInsert, 'name' | 'isBonusBreak'>

export async function insertTimelogType(db: Db, values: TimelogTypeValues) {
  const [row] = await db.insert(timelogTypes).values(values).returning()
  if (!row) throw new Error('time-log type insert returned nothing')
  return row
}

export async function updateTimelogType(db: Db, id: number, values: TimelogTypeValues) {
  const [row] = await db.update(timelogTypes).set(values).where(eq(timelogTypes.id, id)).returning()
  return row
}

export async function timelogTypeUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      one: 'time log',
      many: 'time logs',
      count: await db.$count(timeLogIntervals, eq(timeLogIntervals.timelogTypeId, id)),
    },
  ]
}

export async function deleteTimelogType(db: Db, id: number) {
  await db.delete(timelogTypes).where(eq(timelogTypes.id, id))
}
