import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JSON_BODY_MAX_DEPTH, JSON_FIELD_MAX_DEPTH } from '../../contract/common'
import { createTestAppWithMedia, type MediaTestApp } from '../test/harness'
import { type SignedInClient, signIn } from '../test/session-client'

let t: MediaTestApp
let staff: SignedInClient

beforeAll(async () => {
  t = await createTestAppWithMedia('hostile-input')
  staff = await signIn(t, { roles: ['staff'] })
})
afterAll(async () => {
  await t.close()
})

/** A request with a raw body, as the staff user (session cookie and CSRF header). */
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

function raw(method: Method, url: string, payload: string, contentType: string) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': contentType, 'x-csrftoken': staff.csrfToken ?? '' },
    cookies: Object.fromEntries(staff.cookies),
  })
}

const json = (method: Method, url: string, payload: string) =>
  raw(method, url, payload, 'application/json')

/** A 400 whose `fields` names the field, with a message containing `message` when given. */
function expectFieldError(response: LightMyRequestResponse, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json()
  expect(body.code).toBe('validation_error')
  expect(Object.keys(body.fields ?? {})).toContain(field)
  if (message) expect(body.fields[field].join(' ')).toContain(message)
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('ids and whole numbers beyond the database range', () => {
  it('refuses a path id above 2^31-1 as a bad field', async () => {
    expectFieldError(await staff.get('client/task-schemas/2147483648/'), 'id', '2147483647')
    expectFieldError(await staff.get('client/tasks/9223372036854775808/'), 'id')
    expect((await staff.get('client/task-schemas/2147483647/')).statusCode).toBe(404)
  })

  it('refuses ids and counts too large for the database in JSON', async () => {
    const schemaId = await json(
      'POST',
      '/api/client/task-types/',
      '{"name":"t","client_group":1,"schema":9223372036854775808,"protocol":1}',
    )
    expectFieldError(schemaId, 'schema', '2147483647')
    expectFieldError(
      await json('PATCH', '/api/client/tasks/1/', '{"max_items_per_user":1e308}'),
      'max_items_per_user',
    )
    expectFieldError(
      await json('PATCH', '/api/client/tasks/1/', '{"project":2147483648}'),
      'project',
    )
    expectFieldError(
      await json('DELETE', '/api/client/tasks/bulk_delete/', '{"ids":[1,2147483648]}'),
      'ids.1',
    )
    expectFieldError(
      await json('PATCH', '/api/client/task-types/1/', '{"whitelist":[1e308]}'),
      'whitelist.0',
    )
  })

  it('refuses ids too large for the database in query strings', async () => {
    expectFieldError(await staff.get('client/tasks/?task_type=2147483648'), 'task_type')
    expectFieldError(await staff.get('client/task-types/?schema=99999999999'), 'schema')
  })
})

describe('text the database cannot store', () => {
  it('refuses NUL in any JSON string, naming the field', async () => {
    const response = await staff.patch('auth/current-user/', { first_name: 'Ann\u0000' })
    expectFieldError(response, 'first_name', 'NUL')
    expectFieldError(
      await staff.patch('client/tasks/1/', { metadata: { source: 'a\u0000b' } }),
      'metadata.source',
      'NUL',
    )
    expectFieldError(
      await staff.patch('client/tasks/1/', { local_parameters: { 'key\u0000': 1 } }),
      'local_parameters',
      'NUL',
    )
  })

  it('refuses NUL in query strings and path parameters', async () => {
    expectFieldError(await staff.get('client/tasks/?search=%00'), 'search', 'NUL')
    expectFieldError(await staff.get('coordinator/item-sets/?search=a%00'), 'search', 'NUL')
    expectFieldError(await staff.get('client/task-schemas/%00/'), 'id', 'NUL')
  })

  it('refuses lone UTF-16 surrogates and keeps paired ones', async () => {
    expectFieldError(
      await json('PATCH', '/api/auth/current-user/', '{"first_name":"\\ud800"}'),
      'first_name',
      'surrogate',
    )
    expectFieldError(
      await json('PATCH', '/api/auth/current-user/', '{"last_name":"x\\udc00y"}'),
      'last_name',
      'surrogate',
    )
    const paired = await json('PATCH', '/api/auth/current-user/', '{"first_name":"\\ud83d\\ude00"}')
    expect(paired.statusCode, paired.body).toBe(200)
    expect(paired.json().first_name).toBe('😀')
  })
})

describe('deeply nested and large JSON', () => {
  it('refuses a 20,000-level array in a body with 400 before parsing it', async () => {
    const response = await json(
      'PATCH',
      '/api/client/tasks/1/',
      `{"local_parameters":{"deep":${nested(20_000)}}}`,
    )
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().detail).toContain(`${JSON_BODY_MAX_DEPTH} levels`)
  })

  it('caps the depth of free-form JSON fields', async () => {
    const tooDeep = await json(
      'PATCH',
      '/api/client/tasks/1/',
      `{"local_parameters":{"deep":${nested(JSON_FIELD_MAX_DEPTH)}}}`,
    )
    expectFieldError(tooDeep, 'local_parameters', 'levels deep')
  })

  it('takes brackets inside strings for text, not nesting', async () => {
    const brackets = '['.repeat(JSON_BODY_MAX_DEPTH + 1)
    const response = await staff.patch('auth/current-user/', { first_name: brackets })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().first_name).toBe(brackets)
  })
})

describe('arrays where objects are expected', () => {
  it('refuses arrays for metadata, local parameters and annotation data', async () => {
    expectFieldError(await staff.patch('client/tasks/1/', { metadata: [] }), 'metadata', 'object')
    expectFieldError(
      await staff.patch('client/tasks/1/', { local_parameters: ['a'] }),
      'local_parameters',
      'object',
    )
    const annotation = await staff.put('endworker/item-sets/1/items/1/annotation/', {
      data: [],
      is_done: false,
      client_updated_at: new Date().toISOString(),
    })
    expectFieldError(annotation, 'data', 'object')
  })

  it('refuses an array for a schema document field map', async () => {
    const response = await staff.post('client/task-schemas/', {
      name: 'array fields',
      client_group: 1,
      schema: { item_schema: [], annotation_schema: {} },
    })
    expectFieldError(response, 'schema.item_schema', 'object')
  })

  it('refuses an array for a whole body and for the data of a bulk update', async () => {
    expectFieldError(await staff.patch('auth/current-user/', []), 'body', 'object')
    expectFieldError(
      await staff.patch('client/tasks/bulk_update/', { ids: [1], data: [] }),
      'data',
      'object',
    )
  })
})

describe('malformed multipart forms', () => {
  const form = 'multipart/form-data; boundary=expected'
  const field = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${boundary}--\r\n`

  it.each([
    ['a boundary the body does not use', form, field('other')],
    [
      'a body cut short',
      form,
      '--expected\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n%PDF-1',
    ],
    ['no boundary', 'multipart/form-data', field('expected')],
  ])('answers 400 to %s', async (_case, contentType, payload) => {
    for (const url of ['/api/client/task-protocols/', '/api/client/tasks/']) {
      const response = await raw('POST', url, payload, contentType)
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_error' })
      expect(response.json().detail).toContain('multipart')
    }
  })
})

describe('what clients of the API send', () => {
  it('takes the JSON content type with no body on body-less calls', async () => {
    const visitor = await signIn(t, { roles: ['endworker'] })
    const emptyJson = (method: 'POST' | 'PUT', url: string) =>
      t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json', 'x-csrftoken': visitor.csrfToken ?? '' },
        cookies: Object.fromEntries(visitor.cookies),
      })
    const accepted = await emptyJson('PUT', '/api/auth/current-user/accept-clause/')
    expect(accepted.statusCode, accepted.body).toBe(200)
    const loggedOut = await emptyJson('POST', '/api/auth/session/logout/')
    expect(loggedOut.statusCode, loggedOut.body).toBe(200)
  })

  it('still refuses an empty body where the call needs one', async () => {
    const response = await json('PATCH', '/api/auth/current-user/', '')
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_error')
  })

  it('answers every route with and without its trailing slash', async () => {
    const withSlash = await staff.get('instance-settings/')
    const withoutSlash = await staff.get('instance-settings')
    expect(withoutSlash.statusCode).toBe(200)
    expect(withoutSlash.json()).toEqual(withSlash.json())
    expect((await staff.get('client/stats')).statusCode).toBe(200)
    expect((await staff.get('client/stats/')).statusCode).toBe(200)
    expect((await staff.get('auth/current-user')).json().id).toBe(staff.user.id)
  })

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await staff.get('no-such-route')
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('not_found')
  })
})
