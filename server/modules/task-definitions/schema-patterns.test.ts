import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ValidatorRuleInput } from '../../../contract/schema-rules'
import { taskSchemas } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import type { SignedInClient } from '../../test/session-client'
import {
  clientOfNewGroup,
  insertLanguage,
  insertTask,
  insertTaskType,
  schemaDocument,
} from './test-fixtures'

let t: TestApp
let client: SignedInClient
let groupId: number

beforeAll(async () => {
  t = await createTestApp()
  const { client: signedIn, group } = await clientOfNewGroup(t)
  client = signedIn
  groupId = group.id
})
afterAll(() => t.close())

const regexRule = (pattern: string, flags = ''): ValidatorRuleInput => ({
  type: 'regex',
  field: 'transcript',
  pattern,
  flags,
})

const documentWith = (...rules: ValidatorRuleInput[]) => ({
  ...schemaDocument(),
  validators: [{ type: 'required' as const, field: 'transcript' }, ...rules],
})

const create = (...rules: ValidatorRuleInput[]) =>
  client.post('client/task-schemas/', {
    name: 'Patterns',
    client_group: groupId,
    schema: documentWith(...rules),
  })

/** Patterns whose backtracking time explodes with the text, as an outside test found them. */
const CATASTROPHIC = ['^(a|a)*$', '^(\\w|\\d)+$', '^\\s*\\s*x']

describe('regex validators at schema save', () => {
  it.each(CATASTROPHIC)('refuses %s on create, naming the validator', async (pattern) => {
    const response = await create(regexRule(pattern))
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('validation_error')
    expect(Object.keys(body.fields)).toEqual(['schema.validators.1.pattern'])
    expect(body.fields['schema.validators.1.pattern'][0]).toMatch(
      /^Validator 2 \(regex on transcript\) can take (exponential|polynomial) time/,
    )
  })

  it('refuses backreferences and lookarounds with the reason', async () => {
    const response = await create(regexRule('^(a)\\1$'), regexRule('^(?=a)\\w+$'))
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({
      'schema.validators.1.pattern': [expect.stringMatching(/^Backreferences/)],
      'schema.validators.2.pattern': [expect.stringMatching(/^Lookahead and lookbehind/)],
    })
  })

  it('keeps ordinary patterns and their flags', async () => {
    const response = await create(regexRule('^[a-zà-ÿ ]+$', 'iu'), regexRule('^\\d{3}-\\d{4}$'))
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json().schema.validators.slice(1)).toMatchObject([
      { pattern: '^[a-zà-ÿ ]+$', flags: 'iu' },
      { pattern: '^\\d{3}-\\d{4}$', flags: '' },
    ])
  })

  it('refuses a catastrophic pattern on an edit in place, storing nothing', async () => {
    const created = (await create()).json()
    const response = await client.patch(`client/task-schemas/${created.id}/`, {
      schema: documentWith(regexRule('^(a|a)*$')),
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(['schema.validators.1.pattern'])
    const [row] = await t.db.select().from(taskSchemas).where(eq(taskSchemas.id, created.id))
    expect(row?.schema.validators).toHaveLength(1)
  })

  it('refuses a catastrophic pattern on an edit that would make a new version', async () => {
    const created = (await create()).json()
    const taskType = await insertTaskType(t.db, groupId, { schemaId: created.id })
    const [base, target] = [
      await insertLanguage(t.db, 'pl', 'Polish'),
      await insertLanguage(t.db, 'en', 'English'),
    ]
    await insertTask(t.db, taskType, { base: base.id, target: target.id })
    const response = await client.patch(`client/task-schemas/${created.id}/`, {
      schema: documentWith(regexRule('^(\\w|\\d)+$')),
    })
    expect(response.statusCode).toBe(400)
    const [row] = await t.db.select().from(taskSchemas).where(eq(taskSchemas.id, created.id))
    const versions = await t.db
      .select()
      .from(taskSchemas)
      .where(eq(taskSchemas.lineageId, row!.lineageId))
    expect(versions).toHaveLength(1)
  })

  it('still serves a schema stored before the check with a pattern it would now refuse', async () => {
    const [row] = await t.db
      .insert(taskSchemas)
      .values({
        name: 'Stored long ago',
        clientGroupId: groupId,
        schema: {
          ...schemaDocument(),
          validators: [
            {
              type: 'regex',
              field: 'transcript',
              pattern: '^(?!draft)\\w+$',
              severity: 'error',
              flags: '',
            },
          ],
          rows_visibility: [],
        },
      })
      .returning()
    const response = await client.get(`client/task-schemas/${row!.id}/`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().schema.validators[0].pattern).toBe('^(?!draft)\\w+$')
    const edit = await client.patch(`client/task-schemas/${row!.id}/`, {
      schema: response.json().schema,
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().fields['schema.validators.0.pattern']).toEqual([
      expect.stringMatching(/^Lookahead and lookbehind/),
    ])
  })
})
