import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MASTER_FILE_MAX_BYTES } from '../../../contract/finance'
import { ratioIntervals, vspRecords } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { multipartBody } from '../../test/multipart'
import { createUser, type SignedInClient, signIn, type TestUser } from '../../test/session-client'

let t: MediaTestApp
let manager: SignedInClient
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await createTestAppWithMedia('master-files')
  manager = await signIn(t, { roles: ['finance_manager'] })
  alice = await createUser(t.db, { username: 'alice_mf', email: 'alice.mf@example.test' })
  bob = await createUser(t.db, { username: 'bob_mf', email: 'bob.mf@example.test' })
})
afterAll(() => t.close())

function upload(name: string, content: string | Buffer) {
  const { payload, headers } = multipartBody({}, { name, content, contentType: 'text/csv' })
  return manager.post('finance/master-files/', payload, { headers })
}

const intervalsOf = (user: TestUser) =>
  t.db.select().from(ratioIntervals).where(eq(ratioIntervals.userId, user.id))

describe('master files', () => {
  it('loads a good file: users by username or e-mail, every row an interval', async () => {
    const response = await upload(
      'good.csv',
      'user,ratio,valid_from,valid_to\nalice_mf,100,2026-01-01,2026-01-31\nBOB.MF@example.test,120,2026-01-01,\n',
    )
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      file_name: 'good.csv',
      status: 'FINISHED',
      loaded_records: 2,
      loaded_intervals: 2,
      warnings_count: 0,
      errors_count: 0,
      author: manager.user.username,
    })
    expect(await intervalsOf(alice)).toHaveLength(1)
    expect(await intervalsOf(bob)).toMatchObject([{ ratio: 120, endAt: null }])
    const records = await t.db
      .select()
      .from(vspRecords)
      .where(eq(vspRecords.masterFileId, response.json().id))
    expect(records.map((record) => record.rowNumber).sort()).toEqual([2, 3])

    const listed = await manager.get('finance/master-files/')
    expect(listed.json().results[0]).toMatchObject({ id: response.json().id, loaded_intervals: 2 })
  })

  it('loads a file with warnings, naming each line', async () => {
    const response = await upload(
      'warnings.csv',
      [
        'user,ratio,valid_from,valid_to,note',
        'alice_mf,100,2026-01-01,2026-01-31,same as before',
        'bob_mf,130,2026-03-01,,raise',
        'alice_mf,110,2026-02-01,2026-02-28,',
      ].join('\n'),
    )
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({
      status: 'FINISHED',
      loaded_records: 3,
      loaded_intervals: 2,
      warnings_count: 3,
      errors_count: 0,
    })
    expect(body.warnings).toEqual([
      "Line 1: the column 'note' is not read.",
      'Line 2: the same interval is already loaded; the row is skipped.',
      "Line 3: bob_mf's open interval from 2026-01-01 (ratio 120%) now ends on 2026-02-28.",
    ])
    expect((await intervalsOf(bob)).map((interval) => interval.ratio).sort()).toEqual([120, 130])
  })

  it('loads nothing from a file with errors, and names every line', async () => {
    const before = (await intervalsOf(alice)).length
    const response = await upload(
      'errors.csv',
      [
        'user,ratio,valid_from,valid_to',
        'alice_mf,90,2026-05-01,2026-05-31',
        'nobody_here,100,2026-01-01,',
        'alice_mf,lots,2026-06-01,',
        'alice_mf,100,2026-13-01,',
        'alice_mf,95,2026-05-15,2026-05-20',
        'alice_mf,95,2026-07-10,2026-07-01',
        'bob_mf,100,2026-08-01,2026-08-02,extra',
        'alice_mf\u0000,100,2026-09-01,',
      ].join('\n'),
    )
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({
      status: 'FAILED',
      loaded_records: 0,
      loaded_intervals: 0,
      errors_count: 7,
    })
    const lines = body.errors.map((error: string) => error.split(':')[0]).sort()
    expect(lines).toEqual(['Line 3', 'Line 4', 'Line 5', 'Line 6', 'Line 7', 'Line 8', 'Line 9'])
    expect(body.errors.find((error: string) => error.startsWith('Line 6'))).toContain(
      'overlaps the interval of line 2',
    )
    expect(await intervalsOf(alice)).toHaveLength(before)
  })

  it('refuses text that is not UTF-8, a missing header column and a file over the limit', async () => {
    const latin1 = await upload(
      'latin1.csv',
      Buffer.concat([
        Buffer.from('user,ratio,valid_from,valid_to\nalice_mf,100,2027-01-01,\n'),
        Buffer.from([0x63, 0xe9, 0x2c]),
        Buffer.from('100,2027-01-01,\n'),
      ]),
    )
    expect(latin1.json()).toMatchObject({ status: 'FAILED', loaded_intervals: 0 })
    expect(latin1.json().errors[0]).toMatch(/^Line 3: .*UTF-8/)

    const header = await upload('header.csv', 'user,ratio,valid_from\nalice_mf,100,2027-01-01\n')
    expect(header.json().errors).toEqual([
      'Line 1: the header lacks the column(s) valid_to; a master file starts with the header user,ratio,valid_from,valid_to.',
    ])

    const large = await upload('large.csv', Buffer.alloc(MASTER_FILE_MAX_BYTES + 10, 'a'))
    expect(large.statusCode).toBe(413)

    const empty = multipartBody({})
    const none = await manager.post('finance/master-files/', empty.payload, {
      headers: empty.headers,
    })
    expect(none.statusCode).toBe(400)
  })
})
