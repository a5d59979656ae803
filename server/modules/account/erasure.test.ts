import fs from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TIMELOG_STATUS } from '../../../contract/worktime-rules'
import { selectRows } from '../../db/raw-rows'
import {
  discardedFiles,
  endworkerGroupMembers,
  endworkerGroups,
  endworkerProfiles,
  groupCoordinators,
  idempotencyKeys,
  ratioIntervals,
  sessions,
  timeLogIntervals,
  users,
  worktimeExportRows,
} from '../../db/schema'
import { createTestAppWithMedia, listFiles, type MediaTestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'
import {
  anonymousClient,
  createUser,
  type SignedInClient,
  signIn,
  signInAs,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/session-client'

/** Distinctive values, so any trace of them anywhere is the person's. */
const PERSON = {
  username: 'qz-erasable-4417',
  email: 'Qz.Erasable4417@Example.test',
  firstName: 'Quennevieve',
  lastName: 'Thistlewood',
}
const SSO_SUBJECT = 'sso-subject-qz-4417'
const IDENTIFIERS = [PERSON.username, PERSON.email, PERSON.firstName, PERSON.lastName, SSO_SUBJECT]

const JUNE = { start: '2026-06-01T00:00:00.000Z', end: '2026-07-01T00:00:00.000Z' }

let t: MediaTestApp
const logLines: string[] = []
let coordinator: SignedInClient
let financeManager: SignedInClient
let staff: SignedInClient
let person: TestUser
let worktimeExportId: number
let financeExportId: number

async function uploadMasterFile(name: string, content: string) {
  const { payload, headers } = multipartBody({}, { name, content, contentType: 'text/csv' })
  const response = await financeManager.post('finance/master-files/', payload, { headers })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { status: string; errors: string[] }
}

/**
 * The person's data put everywhere the product keeps it: account, profile and survey, a
 * single-sign-on link and session, failed sign-ins, reset and registration keys, stored answers
 * of retried writes, work-time and finance exports with their files, master files (one loaded,
 * one refused) with their rows, messages and files, and a coordinator's search in the log.
 */
beforeAll(async () => {
  t = await createTestAppWithMedia(
    'erasure',
    { logLevel: 'debug' },
    { logStream: { write: (line) => logLines.push(line) } },
  )
  const [group] = await t.db
    .insert(endworkerGroups)
    .values({ name: 'erasure coordination', coordinationGroup: true })
    .returning()
  coordinator = await signIn(t, { roles: ['coordinator'] })
  financeManager = await signIn(t, { roles: ['finance_manager'] })
  staff = await signIn(t, { roles: ['staff'] })
  person = await createUser(t.db, { roles: ['endworker'], ...PERSON })
  await t.db.insert(groupCoordinators).values({ groupId: group!.id, userId: coordinator.user.id })
  await t.db.insert(endworkerGroupMembers).values({ groupId: group!.id, userId: person.id })

  const signedIn = await signInAs(t, person)
  expect((await signedIn.get('auth/current-user/')).statusCode).toBe(200)
  await t.db
    .update(users)
    .set({ ssoIssuer: 'https://idp.example.test', ssoSubject: SSO_SUBJECT, isSsoAccount: true })
    .where(eq(users.id, person.id))
  await t.db
    .update(sessions)
    .set({ ssoIdToken: `token-of-${SSO_SUBJECT}-${PERSON.email}` })
    .where(eq(sessions.userId, person.id))
  await t.db
    .update(endworkerProfiles)
    .set({
      gender: 'female',
      birthYear: 1990,
      surveyData: { full_name: `${PERSON.firstName} ${PERSON.lastName}`, contact: PERSON.email },
    })
    .where(eq(endworkerProfiles.userId, person.id))

  const visitor = await anonymousClient(t)
  for (const login of [PERSON.username, PERSON.email]) {
    const failed = await visitor.post('auth/session/login/', { username: login, password: 'nope' })
    expect(failed.statusCode).toBe(401)
  }

  const reset = await coordinator.post('coordinator/reset-password-keys/', { email: PERSON.email })
  expect(reset.statusCode).toBe(201)
  const registration = await coordinator.post('coordinator/registration-keys/', {
    email: PERSON.email,
    accounts_left: 1,
    expiration_timestamp: new Date(Date.now() + 86_400_000).toISOString(),
    deactivate_account: false,
    is_endworker: true,
    groups: [],
  })
  expect(registration.statusCode).toBe(201)

  await t.db.insert(idempotencyKeys).values([
    {
      key: '11111111-1111-4111-8111-111111111111',
      userId: person.id,
      method: 'PATCH',
      path: '/api/auth/current-user/',
      statusCode: 200,
      body: { username: PERSON.username, email: PERSON.email },
    },
    {
      key: '22222222-2222-4222-8222-222222222222',
      userId: coordinator.user.id,
      method: 'PATCH',
      path: '/api/review/reviewed-items/1/',
      statusCode: 200,
      body: {
        mark: 4,
        reviewer: {
          id: person.id,
          username: PERSON.username,
          first_name: PERSON.firstName,
          last_name: PERSON.lastName,
          email: PERSON.email,
        },
      },
    },
  ])

  await t.db.insert(timeLogIntervals).values({
    userId: person.id,
    sourceType: 'TASK',
    startAt: new Date('2026-06-02T09:00:00Z'),
    endAt: new Date('2026-06-02T11:00:00Z'),
    status: TIMELOG_STATUS.ACCEPTED,
  })
  const worktime = await coordinator.post('coordinator/worktime-exports/', JUNE)
  expect(worktime.json().status).toBe('FINISHED')
  worktimeExportId = worktime.json().id
  const finance = await financeManager.post('finance/exports/', {
    date_from: '2026-06-01',
    date_to: '2026-06-30',
    time_zone: 'UTC',
    users: [person.id],
  })
  expect(finance.json().status).toBe('FINISHED')
  financeExportId = finance.json().id

  const loaded = await uploadMasterFile(
    'ratios.csv',
    `user,ratio,valid_from,valid_to,name\n${PERSON.email},120,2026-01-01,,${PERSON.firstName} ${PERSON.lastName}\n`,
  )
  expect(loaded.status).toBe('FINISHED')
  const refused = await uploadMasterFile(
    'overlapping.csv',
    `user,ratio,valid_from,valid_to\n${PERSON.username},100,2025-01-01,2025-02-01\n${PERSON.username},90,2025-01-15,2025-03-01\n`,
  )
  expect(refused.status).toBe('FAILED')
  expect(refused.errors.join(' ')).toContain(PERSON.username)

  const search = await coordinator.get('coordinator/users/', { query: { search: PERSON.email } })
  expect(search.json().count).toBe(1)

  const anonymized = await coordinator.put(`coordinator/users/${person.id}/anonymize/`)
  expect(anonymized.statusCode, anonymized.body).toBe(200)
})
afterAll(() => t.close())

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * Every column of every table in the database (this one's and any added later, the job queue's
 * too), read as text, searched for the values in any case: answers "schema.table.column" of
 * each hit.
 */
async function columnsHolding(values: string[]): Promise<string[]> {
  const columns = await selectRows<{ schema: string; table: string; column: string }>(
    t.db,
    sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
        from information_schema.columns c
        join information_schema.tables tb
          on tb.table_schema = c.table_schema and tb.table_name = c.table_name
        where tb.table_type = 'BASE TABLE'
          and c.table_schema not in ('pg_catalog', 'information_schema')
          and c.table_schema not like 'pg\\_%'`,
  )
  expect(columns.length).toBeGreaterThan(100)
  const patterns = sql`array[${sql.join(
    values.map((value) => sql`${`%${escapeLike(value)}%`}`),
    sql`, `,
  )}]::text[]`
  const hits: string[] = []
  for (const { schema, table, column } of columns) {
    const [row] = await selectRows<{ found: boolean }>(
      t.db,
      sql`select exists (select 1 from ${sql.identifier(schema)}.${sql.identifier(table)}
          where ${sql.identifier(column)}::text ilike any(${patterns})) as found`,
    )
    if (row?.found) hits.push(`${schema}.${table}.${column}`)
  }
  return hits
}

const lowered = IDENTIFIERS.map((value) => value.toLowerCase())
const holdsIdentifier = (text: string) =>
  lowered.some((value) => text.toLowerCase().includes(value))

describe('anonymizing a user erases them everywhere', () => {
  it('leaves no column of any table holding their e-mail, username, names or provider subject', async () => {
    expect(await columnsHolding(IDENTIFIERS)).toEqual([])
  })

  it('leaves no stored file holding them, and no replaced file behind', async () => {
    const files = listFiles(t.mediaDir)
    expect(files.length).toBeGreaterThanOrEqual(4)
    expect(files.filter((file) => holdsIdentifier(fs.readFileSync(file, 'latin1')))).toEqual([])
    expect(await t.db.select().from(discardedFiles)).toEqual([])
  })

  it('never wrote them to the log, not even URL-encoded in a search', () => {
    expect(logLines.length).toBeGreaterThan(10)
    const decoded = (line: string) => {
      try {
        return decodeURIComponent(line.replaceAll('+', ' '))
      } catch {
        return line
      }
    }
    expect(logLines.filter((line) => holdsIdentifier(decoded(line)))).toEqual([])
  })

  it('keeps the pay and work history under the anonymous id and name', async () => {
    const anonymous = `anonymous-${person.id}`
    const rows = await t.db
      .select()
      .from(worktimeExportRows)
      .where(eq(worktimeExportRows.userId, person.id))
    expect(rows).toHaveLength(1)
    const worktime = await coordinator.get(
      `coordinator/worktime-exports/${worktimeExportId}/download/`,
    )
    expect(worktime.body.split('\n')[1]).toBe(`${person.id},${anonymous},,,7200`)
    const finance = await financeManager.get(`finance/exports/${financeExportId}/download/`)
    expect(finance.statusCode).toBe(200)
    expect(finance.body).toContain(`day,${person.id},${anonymous},2026-06-02,7200`)
    const ratios = await t.db
      .select()
      .from(ratioIntervals)
      .where(eq(ratioIntervals.userId, person.id))
    expect(ratios.map((ratio) => ratio.ratio)).toEqual([120])
    const logs = await t.db
      .select()
      .from(timeLogIntervals)
      .where(eq(timeLogIntervals.userId, person.id))
    expect(logs).toHaveLength(1)
    const masterFiles = (await financeManager.get('finance/master-files/')).json().results
    expect(masterFiles.flatMap((file: { errors: string[] }) => file.errors).join(' ')).toContain(
      anonymous,
    )
  })

  it('shows no key of theirs to coordinators or staff, and lets nobody sign in as them', async () => {
    for (const client of [coordinator, staff]) {
      for (const list of ['coordinator/reset-password-keys/', 'coordinator/registration-keys/']) {
        const response = await client.get(list)
        expect(response.statusCode).toBe(200)
        expect(response.json().count).toBe(0)
      }
    }
    const visitor = await anonymousClient(t)
    for (const login of [PERSON.username, PERSON.email]) {
      const response = await visitor.post('auth/session/login/', {
        username: login,
        password: TEST_PASSWORD,
      })
      expect(response.statusCode).toBe(401)
    }
  })
})

describe('an anonymization that fails after writing files', () => {
  it('changes nothing and leaves no file behind', async () => {
    const second = await createUser(t.db, { roles: ['endworker'], firstName: 'Ottoline' })
    const [group] = await t.db
      .select({ groupId: groupCoordinators.groupId })
      .from(groupCoordinators)
      .where(eq(groupCoordinators.userId, coordinator.user.id))
    await t.db.insert(endworkerGroupMembers).values({ groupId: group!.groupId, userId: second.id })
    await t.db.insert(timeLogIntervals).values({
      userId: second.id,
      sourceType: 'TASK',
      startAt: new Date('2026-06-03T09:00:00Z'),
      endAt: new Date('2026-06-03T10:00:00Z'),
      status: TIMELOG_STATUS.ACCEPTED,
    })
    const made = await coordinator.post('coordinator/worktime-exports/', JUNE)
    expect(made.json().status).toBe('FINISHED')
    const filesBefore = listFiles(t.mediaDir).sort()
    // The database refuses the last step, after the new export files are written.
    await t.db.execute(sql`create function refuse_discard() returns trigger language plpgsql as
      $$ begin raise exception 'refused in the test'; end $$`)
    await t.db.execute(sql`create trigger refuse_discard before insert on discarded_files
      for each row execute function refuse_discard()`)
    try {
      const failed = await coordinator.put(`coordinator/users/${second.id}/anonymize/`)
      expect(failed.statusCode).toBe(500)
    } finally {
      await t.db.execute(sql`drop trigger refuse_discard on discarded_files`)
      await t.db.execute(sql`drop function refuse_discard()`)
    }
    expect(listFiles(t.mediaDir).sort()).toEqual(filesBefore)
    const [row] = await t.db.select().from(users).where(eq(users.id, second.id))
    expect(row).toMatchObject({ firstName: 'Ottoline', anonymizedAt: null, isActive: true })
    const file = await coordinator.get(`coordinator/worktime-exports/${made.json().id}/download/`)
    expect(file.body).toContain('Ottoline')
  })
})
