import type {
  AdminLanguage,
  AdminProject,
  LanguageInput,
  LanguageListQuery,
  ProjectInput,
  ProjectListQuery,
  TimelogType,
  TimelogTypeInput,
  TimelogTypeListQuery,
} from '../../../contract/admin'
import type { Db } from '../../db/client'
import type { languages, projects, timelogTypes } from '../../db/schema'
import { fieldError, notFound } from '../../http/errors'
import {
  deleteLanguage,
  deleteProject,
  deleteTimelogType,
  findLanguage,
  findProject,
  findTimelogType,
  insertLanguage,
  insertProject,
  insertTimelogType,
  languageCodeTaken,
  languageUsage,
  listLanguagePage,
  listProjectPage,
  listTimelogTypePage,
  projectNameTaken,
  projectUsage,
  timelogTypeNameTaken,
  timelogTypeUsage,
  updateLanguage,
  updateProject,
  updateTimelogType,
} from './dictionary-queries'
import { refuseIfUsed } from './usage'

/** The row, or 404 with the given message. */
function found<T>(row: T | undefined, message: string): T {
  if (!row) throw notFound(message)
  return row
}

// Languages ---------------------------------------------------------------------------------------

const languageView = (row: typeof languages.$inferSelect): AdminLanguage => ({
  id: row.id,
  code: row.code,
  name: row.name,
  diacritic_signs: row.diacriticSigns,
})

const noLanguage = 'No such language.'

export async function adminLanguages(db: Db, query: LanguageListQuery) {
  const { count, rows } = await listLanguagePage(db, query)
  return { count, results: rows.map(languageView) }
}

const languageValues = (input: LanguageInput) => ({
  code: input.code,
  name: input.name,
  diacriticSigns: input.diacritic_signs,
})

async function checkLanguageCode(db: Db, code: string, id: number | null) {
  if (await languageCodeTaken(db, code, id)) {
    throw fieldError('code', 'A language with this code exists.')
  }
}

export async function createLanguage(db: Db, input: LanguageInput) {
  return db.transaction(async (tx) => {
    await checkLanguageCode(tx, input.code, null)
    return languageView(await insertLanguage(tx, languageValues(input)))
  })
}

export async function replaceLanguage(db: Db, id: number, input: LanguageInput) {
  return db.transaction(async (tx) => {
    found(await findLanguage(tx, id), noLanguage)
    await checkLanguageCode(tx, input.code, id)
    return languageView(found(await updateLanguage(tx, id, languageValues(input)), noLanguage))
  })
}

export async function removeLanguage(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const language = found(await findLanguage(tx, id), noLanguage)
    refuseIfUsed(`The language ${language.name}`, await languageUsage(tx, id))
    await deleteLanguage(tx, id)
  })
}

// Projects ----------------------------------------------------------------------------------------

const projectView = (row: typeof projects.$inferSelect): AdminProject => ({
  id: row.id,
  name: row.name,
  description: row.description,
})

const noProject = 'No such project.'

export async function adminProjects(db: Db, query: ProjectListQuery) {
  const { count, rows } = await listProjectPage(db, query)
  return { count, results: rows.map(projectView) }
}

async function checkProjectName(db: Db, name: string, id: number | null) {
  if (await projectNameTaken(db, name, id))
    throw fieldError('name', 'A project of this name exists.')
}

export async function createProject(db: Db, input: ProjectInput) {
  return db.transaction(async (tx) => {
    await checkProjectName(tx, input.name, null)
    return projectView(await insertProject(tx, input))
  })
}

export async function replaceProject(db: Db, id: number, input: ProjectInput) {
  return db.transaction(async (tx) => {
    found(await findProject(tx, id), noProject)
    await checkProjectName(tx, input.name, id)
    return projectView(found(await updateProject(tx, id, input), noProject))
  })
}

export async function removeProject(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const project = found(await findProject(tx, id), noProject)
    refuseIfUsed(`The project ${project.name}`, await projectUsage(tx, id))
    await deleteProject(tx, id)
  })
}

// Time-log types ----------------------------------------------------------------------------------

const timelogTypeView = (row: typeof timelogTypes.$inferSelect): TimelogType => ({
  id: row.id,
  name: row.name,
  is_bonus_break: row.isBonusBreak,
})

const noTimelogType = 'No such time-log type.'

export async function adminTimelogTypes(db: Db, query: TimelogTypeListQuery) {
  const { count, rows } = await listTimelogTypePage(db, query)
  return { count, results: rows.map(timelogTypeView) }
}

async function checkTimelogTypeName(db: Db, name: string, id: number | null) {
  if (await timelogTypeNameTaken(db, name, id)) {
    throw fieldError('name', 'A time-log type of this name exists.')
  }
}

const timelogTypeValues = (input: TimelogTypeInput) => ({
  name: input.name,
  isBonusBreak: input.is_bonus_break,
})

export async function createTimelogType(db: Db, input: TimelogTypeInput) {
  return db.transaction(async (tx) => {
    await checkTimelogTypeName(tx, input.name, null)
    return timelogTypeView(await insertTimelogType(tx, timelogTypeValues(input)))
  })
}

export async function replaceTimelogType(db: Db, id: number, input: TimelogTypeInput) {
  return db.transaction(async (tx) => {
    found(await findTimelogType(tx, id), noTimelogType)
    await checkTimelogTypeName(tx, input.name, id)
    return timelogTypeView(
      found(await updateTimelogType(tx, id, timelogTypeValues(input)), noTimelogType),
    )
  })
}

export async function removeTimelogType(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const type = found(await findTimelogType(tx, id), noTimelogType)
    refuseIfUsed(`The time-log type ${type.name}`, await timelogTypeUsage(tx, id))
    await deleteTimelogType(tx, id)
  })
}
