import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  endworkerProfiles,
  projects,
  taskTypes,
  timeLogIntervals,
  timelogTypes,
} from '../../db/schema'
import { seedClientGroup, uniqueName } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { createUser, type SignedInClient, signIn } from '../../test/session-client'
import { insertTask, insertTaskType } from '../task-definitions/test-fixtures'

let t: TestApp
let staff: SignedInClient

beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t, { roles: ['staff'] })
})
afterAll(() => t.close())

const SIGNS = [
  { sign: 'ą', description: 'a with ogonek' },
  { sign: 'ł', description: '' },
]

async function createLanguage(code: string) {
  const response = await staff.post('admin/languages/', {
    code,
    name: `Language ${code}`,
    diacritic_signs: SIGNS,
  })
  expect(response.statusCode).toBe(201)
  return response.json()
}

describe('languages', () => {
  it('creates a language with diacritic signs which the language pickers then offer', async () => {
    const language = await createLanguage('xa')
    expect(language).toEqual({
      id: expect.any(Number),
      code: 'xa',
      name: 'Language xa',
      diacritic_signs: SIGNS,
    })
    const listed = await staff.get('admin/languages/', {
      query: { search: 'xa', ordering: 'code' },
    })
    expect(listed.json().results).toContainEqual(language)
    expect((await staff.get('languages/')).json()).toContainEqual({
      id: language.id,
      code: 'xa',
      name: 'Language xa',
    })

    const replaced = await staff.put(`admin/languages/${language.id}/`, {
      code: 'xa-XB',
      name: 'Renamed',
      diacritic_signs: [],
    })
    expect(replaced.json()).toEqual({
      id: language.id,
      code: 'xa-XB',
      name: 'Renamed',
      diacritic_signs: [],
    })
    expect((await staff.delete(`admin/languages/${language.id}/`)).statusCode).toBe(204)
  })

  it('answers field errors for a bad code, a taken code and repeated or blank signs', async () => {
    await createLanguage('xb')
    const bad = await staff.post('admin/languages/', {
      code: 'not a code',
      name: '',
      diacritic_signs: [{ sign: ' ', description: 'blank' }],
    })
    expect(Object.keys(bad.json().fields).sort()).toEqual([
      'code',
      'diacritic_signs.0.sign',
      'name',
    ])
    const taken = await staff.post('admin/languages/', {
      code: 'XB',
      name: 'Again',
      diacritic_signs: [],
    })
    expect(taken.json().fields).toEqual({ code: ['A language with this code exists.'] })
    const repeated = await staff.post('admin/languages/', {
      code: 'xc',
      name: 'Repeated',
      diacritic_signs: [SIGNS[0], SIGNS[0]],
    })
    expect(repeated.json().fields.diacritic_signs).toEqual(['Give each sign once.'])
  })

  it('refuses to delete a language tasks or worker profiles use', async () => {
    const base = await createLanguage('xd')
    const target = await createLanguage('xe')
    const group = await seedClientGroup(t.db)
    await insertTask(t.db, await insertTaskType(t.db, group.id), {
      base: base.id,
      target: target.id,
    })
    const worker = await createUser(t.db, { roles: ['endworker'] })
    await t.db.insert(endworkerProfiles).values({ userId: worker.id, mainLanguageId: base.id })

    const response = await staff.delete(`admin/languages/${base.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(
      'The language Language xd is still used by 1 task, 1 worker profile; it cannot be deleted.',
    )
  })
})

describe('projects', () => {
  it('creates, lists, replaces and deletes a project', async () => {
    const name = uniqueName('project')
    const created = await staff.post('admin/projects/', { name, description: 'Speech' })
    expect(created.statusCode).toBe(201)
    const project = created.json()
    expect(project).toEqual({ id: expect.any(Number), name, description: 'Speech' })
    expect(
      (await staff.get('admin/projects/', { query: { search: name } })).json().results,
    ).toEqual([project])
    const replaced = await staff.put(`admin/projects/${project.id}/`, { name, description: '' })
    expect(replaced.json().description).toBe('')
    expect((await staff.delete(`admin/projects/${project.id}/`)).statusCode).toBe(204)
    expect((await staff.put(`admin/projects/${project.id}/`, { name })).statusCode).toBe(404)
  })

  it('answers field errors and refuses to delete a project a task type uses', async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ name: uniqueName('project') })
      .returning()
    const taken = await staff.post('admin/projects/', { name: project!.name.toUpperCase() })
    expect(taken.json().fields.name).toBeDefined()
    expect((await staff.post('admin/projects/', { name: '' })).json().fields.name).toBeDefined()

    const group = await seedClientGroup(t.db)
    const taskType = await insertTaskType(t.db, group.id)
    await t.db
      .update(taskTypes)
      .set({ defaultProjectId: project!.id })
      .where(eq(taskTypes.id, taskType.id))
    const response = await staff.delete(`admin/projects/${project!.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toContain('1 task type')
  })

  it('makes one project of two created at once under one name, and names the field to the other', async () => {
    const name = uniqueName('project')
    const answers = await Promise.all([
      staff.post('admin/projects/', { name }),
      staff.post('admin/projects/', { name }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400])
    const refused = answers.find((answer) => answer.statusCode === 400)
    expect(refused?.json().fields.name).toEqual(['A project of this name exists.'])
    expect(await t.db.select().from(projects).where(eq(projects.name, name))).toHaveLength(1)
  })
})

describe('time-log types', () => {
  it('creates, lists, replaces and deletes a time-log type', async () => {
    const name = uniqueName('break')
    const created = await staff.post('admin/timelog-types/', { name, is_bonus_break: true })
    expect(created.statusCode).toBe(201)
    const type = created.json()
    expect(type).toEqual({ id: expect.any(Number), name, is_bonus_break: true })
    const listed = await staff.get('admin/timelog-types/', { query: { ordering: '-name' } })
    expect(listed.json().results).toContainEqual(type)
    const replaced = await staff.put(`admin/timelog-types/${type.id}/`, {
      name,
      is_bonus_break: false,
    })
    expect(replaced.json().is_bonus_break).toBe(false)
    expect((await staff.delete(`admin/timelog-types/${type.id}/`)).statusCode).toBe(204)
  })

  it('answers field errors and refuses to delete a type time logs use', async () => {
    const missing = await staff.post('admin/timelog-types/', { name: 'x' })
    expect(missing.json().fields.is_bonus_break).toBeDefined()
    const [type] = await t.db
      .insert(timelogTypes)
      .values({ name: uniqueName('meeting') })
      .returning()
    const taken = await staff.post('admin/timelog-types/', {
      name: type!.name,
      is_bonus_break: false,
    })
    expect(taken.json().fields.name).toBeDefined()

    const worker = await createUser(t.db)
    const now = Date.now()
    await t.db.insert(timeLogIntervals).values({
      userId: worker.id,
      sourceType: 'OTHER',
      startAt: new Date(now - 3_600_000),
      endAt: new Date(now),
      timelogTypeId: type!.id,
    })
    const response = await staff.delete(`admin/timelog-types/${type!.id}/`)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toContain('1 time log')
  })
})
