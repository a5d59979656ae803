import { readFileSync } from 'node:fs'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { DISPLAY_LANGUAGES } from '../../contract/constants'
import {
  jsonl,
  requiredFields,
  setUpIntakeTests,
  uploadTask,
} from '../modules/task-intake/test-support'
import { multipartBody } from '../test/multipart'
import { anonymousClient, createUser, signIn } from '../test/session-client'
import { i18nFor, negotiateLanguage } from './i18n'

describe('the language of an Accept-Language header', () => {
  it.each([
    ['fr', 'fr'],
    ['pl-PL', 'pl'],
    ['de-DE, ru;q=0.8, en;q=0.5', 'ru'],
    ['en;q=0.4, fr;q=0.9', 'fr'],
    ['pl;q=0, ru', 'ru'],
    ['de, it', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%j asks for %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language)
  })
})

const intake = setUpIntakeTests('api-messages')

/** The same request in each language (and one the server has no catalog for), by language. */
async function inEachLanguage(send: (language: string) => Promise<{ json(): unknown }>) {
  const answers: Record<string, unknown> = {}
  for (const language of ['fr', 'pl', 'ru', 'de']) answers[language] = (await send(language)).json()
  return answers
}

describe('API messages follow Accept-Language', () => {
  it('says a sign-in failure in the asked language, in English for another one', async () => {
    const user = await createUser(intake.t.db, { roles: ['endworker'] })
    const client = await anonymousClient(intake.t)
    const answers = await inEachLanguage((language) =>
      client.post(
        'auth/session/login/',
        { username: user.username, password: 'not the password' },
        { headers: { 'Accept-Language': language } },
      ),
    )
    expect(answers).toEqual({
      fr: { code: 'authentication_failed', detail: 'Nom d’utilisateur ou mot de passe incorrect.' },
      pl: { code: 'authentication_failed', detail: 'Nieprawidłowa nazwa użytkownika lub hasło.' },
      ru: { code: 'authentication_failed', detail: 'Неверное имя пользователя или пароль.' },
      de: { code: 'authentication_failed', detail: 'Invalid username or password.' },
    })
  })

  it('says validation errors, by field, in the asked language', async () => {
    const client = await anonymousClient(intake.t)
    const answers = await inEachLanguage((language) =>
      client.post(
        'auth/session/login/',
        { username: 'someone', password: '' },
        { headers: { 'Accept-Language': language } },
      ),
    )
    expect(answers).toEqual({
      fr: {
        code: 'validation_error',
        detail: 'body non valide. password: Saisissez votre mot de passe.',
        fields: { password: ['Saisissez votre mot de passe.'] },
      },
      pl: {
        code: 'validation_error',
        detail: 'Nieprawidłowe body. password: Wpisz hasło.',
        fields: { password: ['Wpisz hasło.'] },
      },
      ru: {
        code: 'validation_error',
        detail: 'Недопустимое значение body. password: Введите пароль.',
        fields: { password: ['Введите пароль.'] },
      },
      de: {
        code: 'validation_error',
        detail: 'Invalid body. password: Enter your password.',
        fields: { password: ['Enter your password.'] },
      },
    })
  })

  it("says the contract's own rules, with their numbers, in the asked language", async () => {
    const client = await anonymousClient(intake.t)
    const login = await inEachLanguage((language) =>
      client.post(
        'auth/session/login/',
        { username: 'ab', password: 'secret' },
        { headers: { 'Accept-Language': language } },
      ),
    )
    const usernames = Object.fromEntries(
      Object.entries(login).map(([language, body]) => [
        language,
        (body as { fields: { username: string[] } }).fields.username,
      ]),
    )
    expect(usernames).toEqual({
      fr: ['Saisissez au moins 3 caractères.'],
      pl: ['Wpisz co najmniej tyle znaków: 3.'],
      ru: ['Введите не менее 3 символов.'],
      de: ['Enter at least 3 characters.'],
    })

    const staff = await signIn(intake.t, { roles: ['staff'] })
    const sign = { sign: 'ą', description: 'a with ogonek' }
    const repeated = await inEachLanguage((language) =>
      staff.post(
        'admin/languages/',
        { code: 'xr', name: 'Repeated', diacritic_signs: [sign, sign] },
        { headers: { 'Accept-Language': language } },
      ),
    )
    expect(repeated).toEqual({
      fr: expect.objectContaining({
        fields: { diacritic_signs: ['Donnez chaque signe une seule fois.'] },
      }),
      pl: expect.objectContaining({ fields: { diacritic_signs: ['Podaj każdy znak tylko raz.'] } }),
      ru: expect.objectContaining({
        fields: { diacritic_signs: ['Укажите каждый знак только один раз.'] },
      }),
      de: expect.objectContaining({ fields: { diacritic_signs: ['Give each sign once.'] } }),
    })
  })

  it('lists the problems of a refused upload in the asked language', async () => {
    const answers = await inEachLanguage((language) => {
      const { payload, headers } = multipartBody(requiredFields(intake.defs), {
        name: 'items.jsonl',
        content: jsonl([{ prompt: 'fine' }, { other: 'x' }]),
      })
      return intake.client.post('client/tasks/', payload, {
        headers: { ...headers, 'Accept-Language': language },
      })
    })
    const files = Object.fromEntries(
      Object.entries(answers).map(([language, body]) => [
        language,
        (body as { fields: { file: string[] } }).fields.file,
      ]),
    )
    expect(files).toEqual({
      fr: [
        "Ligne 2 : le champ 'prompt' est absent.",
        "Ligne 2 : champ inconnu 'other' ; les champs des éléments sont prompt (et, en option, data_id, _gold).",
      ],
      pl: [
        "Wiersz 2: brak pola 'prompt'.",
        "Wiersz 2: nieznane pole 'other'; pola elementów to prompt (i opcjonalnie data_id, _gold).",
      ],
      ru: [
        "Строка 2: поле 'prompt' отсутствует.",
        "Строка 2: неизвестное поле 'other'; поля элементов: prompt (и, по желанию, data_id, _gold).",
      ],
      de: [
        "Line 2: field 'prompt' is missing.",
        "Line 2: unknown field 'other'; the item fields are prompt (and optionally data_id, _gold).",
      ],
    })
    expect((answers.fr as { detail: string }).detail).toBe(
      "Le fichier n’a pas été accepté, rien n’a été créé. Ligne 2 : le champ 'prompt' est absent.",
    )
  })

  it('says a 409 in the asked language, with its counted nouns', async () => {
    const uploaded = await uploadTask(intake.client, requiredFields(intake.defs), {
      name: 'items.jsonl',
      content: jsonl([{ prompt: 'one' }]),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const staff = await signIn(intake.t, { roles: ['staff'] })
    const language = intake.defs.languageIds.pl
    const answers = await inEachLanguage((asked) =>
      staff.delete(`admin/languages/${language}/`, undefined, {
        headers: { 'Accept-Language': asked },
      }),
    )
    const details = Object.fromEntries(
      Object.entries(answers).map(([asked, body]) => [asked, (body as { detail: string }).detail]),
    )
    expect(details).toEqual({
      fr: expect.stringMatching(
        /^La langue .+ : encore en usage \(1 tâche\) ; suppression impossible\.$/,
      ),
      pl: expect.stringMatching(/^Język .+: nadal w użyciu \(1 zadanie\); nie można usunąć\.$/),
      ru: expect.stringMatching(/^Язык .+: всё ещё используется \(1 задание\); удалить нельзя\.$/),
      de: expect.stringMatching(
        /^The language .+ is still used by 1 task; it cannot be deleted\.$/,
      ),
    })
    expect((answers.fr as { code: string }).code).toBe('conflict')
  })
})

describe('the catalogs', () => {
  const poFormat = formatter()
  const catalogOf = (language: string) =>
    poFormat.parse(readFileSync(`locales/${language}/messages.po`, 'utf8'), {
      locale: language,
      sourceLocale: 'en',
      filename: `${language}/messages.po`,
    }) as Record<string, { message?: string; translation?: string; origin?: [string][] }>

  it('translate every message of the server and the contract into every display language', () => {
    const english = catalogOf('en')
    const serverIds = Object.entries(english)
      .filter(([, entry]) => entry.origin?.some(([file]) => /^(server|contract)\//.test(file)))
      .map(([id]) => id)
    expect(serverIds.length).toBeGreaterThan(200)
    for (const language of DISPLAY_LANGUAGES) {
      const catalog = catalogOf(language)
      const untranslated = serverIds.filter((id) => !catalog[id]?.translation)
      expect(untranslated, language).toEqual([])
    }
  })

  it('give the server the same messages the web client shows', () => {
    const catalog = catalogOf('fr')
    const [id, entry] = Object.entries(catalog).find(([, found]) => found.message === 'Not found.')!
    expect(i18nFor('fr')._(id)).toBe(entry.translation)
  })
})
