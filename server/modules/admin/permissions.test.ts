import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../../contract/roles'
import { createTestApp, type TestApp } from '../../test/harness'
import { anonymousClient, type SignedInClient, signIn } from '../../test/session-client'

let t: TestApp
let staff: SignedInClient
const others = new Map<Role, SignedInClient>()

const NOT_STAFF: Role[] = ['endworker', 'reviewer', 'client', 'coordinator', 'finance_manager']

beforeAll(async () => {
  t = await createTestApp()
  staff = await signIn(t, { roles: ['staff'] })
  for (const role of NOT_STAFF) others.set(role, await signIn(t, { roles: [role] }))
})
afterAll(() => t.close())

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown }

const COLLECTIONS = ['endworker-groups', 'client-groups', 'languages', 'projects', 'timelog-types']

/** Every admin call, with a body that would pass, on an id that exists for the writes. */
function everyCall(id: number): Call[] {
  return [
    { method: 'GET', path: 'admin/users/' },
    {
      method: 'POST',
      path: 'admin/users/',
      body: { username: 'someone_new', password: null, email: 'n@x.test' },
    },
    { method: 'PATCH', path: `admin/users/${id}/`, body: { first_name: 'Ann' } },
    ...COLLECTIONS.flatMap((collection): Call[] => [
      { method: 'GET', path: `admin/${collection}/` },
      { method: 'POST', path: `admin/${collection}/`, body: {} },
      { method: 'PUT', path: `admin/${collection}/${id}/`, body: {} },
      { method: 'DELETE', path: `admin/${collection}/${id}/` },
    ]),
  ]
}

describe('admin calls', () => {
  it.each(NOT_STAFF)('answer 403 to a %s before reading the body', async (role) => {
    const client = others.get(role)!
    for (const call of everyCall(1)) {
      const response = await client.request(call.method, call.path, call.body)
      expect({ ...call, status: response.statusCode }).toEqual({ ...call, status: 403 })
      expect(response.json().code).toBe('permission_denied')
    }
  })

  it('answer 401 to a visitor', async () => {
    const visitor = await anonymousClient(t)
    for (const call of everyCall(1)) {
      const response = await visitor.request(call.method, call.path, call.body)
      expect({ ...call, status: response.statusCode }).toEqual({ ...call, status: 401 })
    }
  })

  it('list every collection for staff in the paged envelope', async () => {
    for (const path of ['users', ...COLLECTIONS]) {
      const response = await staff.get(`admin/${path}/`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        count: expect.any(Number),
        next: null,
        previous: null,
        results: expect.any(Array),
      })
    }
  })

  it('refuse a bad ordering or page with field errors', async () => {
    for (const path of ['users', ...COLLECTIONS]) {
      const response = await staff.get(`admin/${path}/`, {
        query: { ordering: 'password', limit: '0' },
      })
      expect(response.statusCode).toBe(400)
      expect(Object.keys(response.json().fields).sort()).toEqual(['limit', 'ordering'])
    }
  })
})
