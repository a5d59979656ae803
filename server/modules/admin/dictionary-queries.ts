import { eq, or, sql } from 'drizzle-orm'
import { msg } from '#lingui-message'
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
import { caseless, tableQueries } from './table-queries'
import type { Usage } from './usage'

export const languageQueries = tableQueries({
  table: languages,
  searchIn: [languages.name, languages.code],
  orderColumns: {
    id: sql`${languages.id}`,
    name: caseless(languages.name),
    code: caseless(languages.code),
  },
  unique: languages.code,
})

export async function languageUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      users: msg({ message: '{count, plural, one {# task} other {# tasks}}' }),
      count: await db.$count(
        tasks,
        or(eq(tasks.baseLanguageId, id), eq(tasks.targetLanguageId, id)),
      ),
    },
    {
      users: msg({ message: '{count, plural, one {# worker profile} other {# worker profiles}}' }),
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

export const projectQueries = tableQueries({
  table: projects,
  searchIn: [projects.name, projects.description],
  orderColumns: { id: sql`${projects.id}`, name: caseless(projects.name) },
  unique: projects.name,
})

export async function projectUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      users: msg({ message: '{count, plural, one {# task} other {# tasks}}' }),
      count: await db.$count(tasks, eq(tasks.projectId, id)),
    },
    {
      users: msg({ message: '{count, plural, one {# task type} other {# task types}}' }),
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

export const timelogTypeQueries = tableQueries({
  table: timelogTypes,
  searchIn: [timelogTypes.name],
  orderColumns: { id: sql`${timelogTypes.id}`, name: caseless(timelogTypes.name) },
  unique: timelogTypes.name,
})

export async function timelogTypeUsage(db: Db, id: number): Promise<Usage> {
  return [
    {
      users: msg({ message: '{count, plural, one {# time log} other {# time logs}}' }),
      count: await db.$count(timeLogIntervals, eq(timeLogIntervals.timelogTypeId, id)),
    },
  ]
}
