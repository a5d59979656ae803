import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endworkerGroups } from '../db/schema'
import { createTestApp, type TestApp } from '../test/harness'
import { anonymousClient } from '../test/session-client'
import { CommandError } from './errors'
import { makeRegistrationKey, parseRegistrationKeyArgs } from './registration-key'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const now = new Date('2030-01-01T00:00:00Z')

describe('parseRegistrationKeyArgs', () => {
  it('makes one end-worker account for anyone within the default lifetime', () => {
    expect(parseRegistrationKeyArgs([], now)).toEqual({
      email: null,
      accounts_left: 1,
      expiration_timestamp: '2030-01-15T00:00:00.000Z',
      deactivate_account: false,
      is_endworker: true,
      groups: [],
      coordination_group: null,
    })
  })

  it('takes every option', () => {
    const args = [
      ...['--email', 'first@example.org', '--accounts', '3', '--days', '2'],
      ...['--group', '4', '--group', '5', '--coordination-group', '4'],
      ...['--not-endworker', '--inactive'],
    ]
    expect(parseRegistrationKeyArgs(args, now)).toEqual({
      email: 'first@example.org',
      accounts_left: 3,
      expiration_timestamp: '2030-01-03T00:00:00.000Z',
      deactivate_account: true,
      is_endworker: false,
      groups: [4, 5],
      coordination_group: 4,
    })
  })

  it('names the option of a mistake', () => {
    expect(() => parseRegistrationKeyArgs(['--accounts', 'many'])).toThrow(
      new CommandError('--accounts: give a whole number.'),
    )
    expect(() => parseRegistrationKeyArgs(['--email', 'nope'])).toThrow(/--email: /)
    expect(() => parseRegistrationKeyArgs(['--colour', 'red'])).toThrow(CommandError)
  })
})

describe('makeRegistrationKey', () => {
  it('prints a link a new person registers with, joining the groups', async () => {
    const [group] = await t.db.insert(endworkerGroups).values({ name: 'first team' }).returning()
    const input = parseRegistrationKeyArgs(['--group', String(group!.id)])
    const created = await makeRegistrationKey(t.db, input, 'https://crowd.example.org')
    expect(created.link).toBe(
      `https://crowd.example.org/register?key=${encodeURIComponent(created.key)}`,
    )
    const visitor = await anonymousClient(t)
    const registered = await visitor.post('auth/current-user/', {
      key: new URL(created.link).searchParams.get('key'),
      username: 'firstuser',
      email: 'first.user@example.org',
      first_name: 'First',
      last_name: 'User',
      password: 'a long enough password',
    })
    expect(registered.statusCode).toBe(201)
  })

  it('refuses groups that do not exist without a stack trace', async () => {
    const input = parseRegistrationKeyArgs(['--group', '999999'])
    await expect(makeRegistrationKey(t.db, input, 'https://crowd.example.org')).rejects.toThrow(
      CommandError,
    )
  })
})
