import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPROVAL_STATUS } from '../../../contract/auth'
import { approvals, languages } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { signIn } from '../../test/session-client'

let t: TestApp
let en: number
let pl: number
let fr: number

beforeAll(async () => {
  t = await createTestApp()
  const rows = await t.db
    .insert(languages)
    .values([
      { code: 'en', name: 'English' },
      { code: 'pl', name: 'Polish' },
      { code: 'fr', name: 'French' },
    ])
    .returning({ id: languages.id })
  ;[en, pl, fr] = rows.map((row) => row.id) as [number, number, number]
})
afterAll(() => t.close())

const endworker = () => signIn(t, { roles: ['endworker'] })
const patchProfile = (
  client: Awaited<ReturnType<typeof endworker>>,
  profile: Record<string, unknown>,
) =>
  client.patch('auth/current-user/', {
    endworker_profile: { main_language: null, languages: [], native_languages: [], ...profile },
  })

describe('PATCH /api/auth/current-user/ with endworker_profile', () => {
  it('approves the first choice of languages automatically and applies it at once', async () => {
    const client = await endworker()
    const response = await patchProfile(client, {
      main_language: pl,
      languages: [pl, en, pl],
      native_languages: [pl],
      gender: 'female',
      birth_year: 1990,
      availability: 20,
    })
    expect(response.statusCode).toBe(200)
    const profile = response.json().endworker_profile
    expect(profile).toMatchObject({
      main_language: pl,
      languages: [en, pl].sort((a, b) => a - b),
      native_languages: [pl],
      gender: 'female',
      birth_year: 1990,
      availability: 20,
      approval: {
        status: APPROVAL_STATUS.AUTOMATIC,
        new_main_language: pl,
        new_languages: [en, pl].sort((a, b) => a - b),
        new_native_languages: [pl],
      },
    })
  })

  it('keeps later language changes pending, leaving the profile as it was', async () => {
    const client = await endworker()
    await patchProfile(client, { main_language: en, languages: [en], native_languages: [en] })
    const response = await patchProfile(client, {
      main_language: en,
      languages: [en, fr],
      native_languages: [en],
      availability: 40,
    })
    expect(response.statusCode).toBe(200)
    const profile = response.json().endworker_profile
    expect(profile.languages).toEqual([en])
    expect(profile.availability).toBe(40)
    expect(profile.approval).toMatchObject({
      status: APPROVAL_STATUS.PENDING,
      new_languages: [en, fr].sort((a, b) => a - b),
      new_native_languages: [en],
      new_main_language: en,
    })
  })

  it('replaces a still-pending approval with a newer change, and withdraws it on going back', async () => {
    const client = await endworker()
    await patchProfile(client, { languages: [en] })
    const first = (await patchProfile(client, { languages: [en, fr] })).json().endworker_profile
      .approval
    const second = (await patchProfile(client, { languages: [en, pl] })).json().endworker_profile
      .approval
    expect(second.status).toBe(APPROVAL_STATUS.PENDING)
    expect(second.id).not.toBe(first.id)
    const pending = await t.db
      .select({ id: approvals.id })
      .from(approvals)
      .where(eq(approvals.userId, client.user.id))
    expect(pending.map((row) => row.id)).not.toContain(first.id)

    const same = (await patchProfile(client, { languages: [pl, en] })).json().endworker_profile
      .approval
    expect(same.id).toBe(second.id)

    const back = (await patchProfile(client, { languages: [en] })).json().endworker_profile
    expect(back.languages).toEqual([en])
    expect(back.approval.status).toBe(APPROVAL_STATUS.AUTOMATIC)
  })

  it('changes personal details without an approval when the languages stay', async () => {
    const client = await endworker()
    await patchProfile(client, { languages: [fr] })
    const response = await patchProfile(client, {
      languages: [fr],
      gender: 'male',
      birth_year: null,
    })
    expect(response.json().endworker_profile).toMatchObject({
      gender: 'male',
      birth_year: null,
      approval: { status: APPROVAL_STATUS.AUTOMATIC },
    })
  })

  it('refuses unknown language ids, naming each field', async () => {
    const client = await endworker()
    const response = await patchProfile(client, {
      main_language: 99_999,
      languages: [en, 99_999],
      native_languages: [99_998],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_error')
    expect(response.json().fields).toEqual({
      'endworker_profile.languages': ['Unknown language id: 99999.'],
      'endworker_profile.native_languages': ['Unknown language id: 99998.'],
      'endworker_profile.main_language': ['Unknown language id: 99999.'],
    })
  })

  it('refuses a main language that is not among the languages', async () => {
    const client = await endworker()
    const response = await patchProfile(client, { main_language: fr, languages: [en] })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('endworker_profile.main_language')
  })

  it('refuses availability above 168 hours and a birth year in the future', async () => {
    const client = await endworker()
    const response = await patchProfile(client, {
      availability: 169,
      birth_year: new Date().getUTCFullYear() + 1,
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'endworker_profile.availability',
      'endworker_profile.birth_year',
    ])
  })

  it('refuses a gender outside the list', async () => {
    const client = await endworker()
    const response = await patchProfile(client, { gender: 'other' })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('endworker_profile.gender')
  })

  it('refuses a profile for a user who is not an end worker, and changes nothing', async () => {
    const client = await signIn(t, { roles: ['reviewer'], firstName: 'Before' })
    const response = await client.patch('auth/current-user/', {
      first_name: 'After',
      endworker_profile: { main_language: null, languages: [en], native_languages: [] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('endworker_profile')
    expect((await client.get('auth/current-user/')).json().first_name).toBe('Before')
  })
})
