import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES } from '../../../contract/roles'
import { users } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, loginStatus, signIn } from '../../test/session-client'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/auth/current-user/', () => {
  it('answers the signed-in user; an end worker gets an empty profile', async () => {
    const client = await signIn(t, { roles: ['endworker'], firstName: 'Jan', lastName: 'Nowak' })
    const response = await client.get('auth/current-user/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: client.user.id,
      username: client.user.username,
      email: client.user.email,
      first_name: 'Jan',
      last_name: 'Nowak',
      clause_accepted_date: null,
      cookie_policy_accepted_date: null,
      endworker_profile: {
        user: { id: client.user.id },
        languages: [],
        native_languages: [],
        main_language: null,
        gender: null,
        birth_year: null,
        availability: null,
        approval: null,
        survey_data: {},
      },
    })
  })

  it('answers null as profile for a user who is not an end worker', async () => {
    const client = await signIn(t, { roles: ['client'] })
    expect((await client.get('auth/current-user/')).json().endworker_profile).toBeNull()
  })

  it('answers 401 to a visitor', async () => {
    const client = await anonymousClient(t)
    const response = await client.get('auth/current-user/')
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('not_authenticated')
  })
})

describe('GET /api/auth/current-user/permissions/', () => {
  it('lists the roles of the user, in the contract order', async () => {
    const client = await signIn(t, { roles: ['reviewer', 'endworker'] })
    const response = await client.get('auth/current-user/permissions/')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(['endworker', 'reviewer'])
  })

  it.each(ROLES)('answers [%s] for a user with only that role', async (role) => {
    const client = await signIn(t, { roles: [role] })
    expect((await client.get('auth/current-user/permissions/')).json()).toEqual([role])
  })

  it('answers an empty list for a user without roles', async () => {
    const client = await signIn(t)
    expect((await client.get('auth/current-user/permissions/')).json()).toEqual([])
  })
})

describe('preferences', () => {
  it('default to false and are created on the first change', async () => {
    const client = await signIn(t)
    const initial = await client.get('auth/current-user/preferences/')
    expect(initial.json()).toEqual({
      play_on_hover: false,
      overlapping_playback: false,
      stt_end_after_no_speech: false,
    })
    const patched = await client.patch('auth/current-user/preferences/', { play_on_hover: true })
    expect(patched.statusCode).toBe(200)
    expect(patched.json()).toEqual({
      play_on_hover: true,
      overlapping_playback: false,
      stt_end_after_no_speech: false,
    })
    await client.patch('auth/current-user/preferences/', { stt_end_after_no_speech: true })
    expect((await client.get('auth/current-user/preferences/')).json()).toEqual({
      play_on_hover: true,
      overlapping_playback: false,
      stt_end_after_no_speech: true,
    })
  })

  it('refuses a value that is not a boolean, naming the field', async () => {
    const client = await signIn(t)
    const response = await client.patch('auth/current-user/preferences/', { play_on_hover: 'yes' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('play_on_hover')
  })

  it('answers 401 to a visitor', async () => {
    const client = await anonymousClient(t)
    expect((await client.get('auth/current-user/preferences/')).statusCode).toBe(401)
  })
})

describe('PATCH /api/auth/current-user/ (account details)', () => {
  it('changes names and e-mail', async () => {
    const client = await signIn(t)
    const response = await client.patch('auth/current-user/', {
      first_name: '  Ewa ',
      last_name: 'Kowalska',
      email: 'ewa@example.test',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Ewa',
      last_name: 'Kowalska',
      email: 'ewa@example.test',
    })
  })

  it('refuses a bad e-mail, naming the field', async () => {
    const client = await signIn(t)
    const response = await client.patch('auth/current-user/', { email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('email')
  })
})

describe('accepting the clause and the cookie policy', () => {
  it('records the dates', async () => {
    const client = await signIn(t)
    const clause = await client.put('auth/current-user/accept-clause/')
    expect(clause.statusCode).toBe(200)
    expect(clause.json()).toEqual({ detail: 'The clause has been accepted.' })
    const cookies = await client.put('auth/current-user/accept-cookie-policy/')
    expect(cookies.statusCode).toBe(200)
    const user = (await client.get('auth/current-user/')).json()
    expect(Date.parse(user.clause_accepted_date)).toBeGreaterThan(Date.now() - 60_000)
    expect(Date.parse(user.cookie_policy_accepted_date)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('answers 401 to a visitor', async () => {
    const client = await anonymousClient(t)
    expect((await client.put('auth/current-user/accept-clause/')).statusCode).toBe(401)
  })
})

describe('POST /api/auth/current-user/change-password/', () => {
  const newPassword = 'a brand new passphrase'

  it('changes the password, keeps this session and ends the others', async () => {
    const client = await signIn(t)
    const other = await anonymousClient(t)
    await other.post('auth/session/login/', {
      username: client.user.username,
      password: client.user.password,
    })
    expect((await other.get('auth/current-user/')).statusCode).toBe(200)

    const response = await client.post('auth/current-user/change-password/', {
      old_password: client.user.password,
      new_password: newPassword,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().detail).toMatch(/changed/)
    expect((await client.get('auth/current-user/')).statusCode).toBe(200)
    expect((await other.get('auth/current-user/')).statusCode).toBe(401)

    expect(await loginStatus(t, client.user.username, client.user.password)).toBe(401)
    expect(await loginStatus(t, client.user.username, newPassword)).toBe(200)
  })

  it('refuses a wrong current password with fields.old_password', async () => {
    const client = await signIn(t)
    const response = await client.post('auth/current-user/change-password/', {
      old_password: 'not my password',
      new_password: newPassword,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fields: { old_password: [expect.any(String)] },
    })
  })

  it('refuses a too short new password with fields.new_password', async () => {
    const client = await signIn(t)
    const response = await client.post('auth/current-user/change-password/', {
      old_password: client.user.password,
      new_password: 'short',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('new_password')
  })

  it('refuses an account without a password (single sign-on)', async () => {
    const client = await signIn(t)
    // A single sign-on account cannot sign in with a form, so turn this one into one mid-session.
    await t.db
      .update(users)
      .set({ passwordHash: null, isSsoAccount: true })
      .where(eq(users.id, client.user.id))
    const response = await client.post('auth/current-user/change-password/', {
      old_password: client.user.password,
      new_password: newPassword,
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('permission_denied')
  })
})
