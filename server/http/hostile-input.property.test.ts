import fc from 'fast-check'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CSRF_HEADER, SESSION_COOKIE } from '../../contract/constants'
import { seedTask, seedWorkspace } from '../modules/client-tasks/test-fixtures'
import { createTestAppWithMedia, type MediaTestApp } from '../test/harness'
import {
  type HostileRequest,
  hostileRequest,
  type RouteUnderTest,
  routeUnderTest,
} from '../test/hostile-requests'
import {
  type ApiClient,
  anonymousClient,
  createUser,
  signInAs,
  type TestUser,
} from '../test/session-client'

/**
 * Malformed bodies, query strings and path parameters, generated from each route's contract
 * schemas, thrown at every route the app registers (routes added later are walked too), as a
 * visitor and as a signed-in staff member with the CSRF token: none may answer a 5xx.
 */

/**
 * Cases per route and caller: a few hundred requests in all, so the suite stays quick.
 * HOSTILE_RUNS=50 runs a longer hunt.
 */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 2)

const routes: RouteUnderTest[] = []
let t: MediaTestApp
let staffUser: TestUser
let staff: ApiClient
let visitor: ApiClient

beforeAll(async () => {
  t = await createTestAppWithMedia(
    'hostile-routes',
    {},
    {
      observeRoutes: (route: RouteOptions) => routes.push(...routeUnderTest(route)),
    },
  )
  staffUser = await createUser(t.db, { roles: ['staff'] })
  staff = await signInAs(t, staffUser)
  visitor = await anonymousClient(t)
  // Real rows behind the small ids the cases use, so handlers get past their lookups.
  const workspace = await seedWorkspace(t.db, [staffUser.id])
  await seedTask(t.db, workspace, { items: [{}, {}] })
})

afterAll(async () => {
  await t.close()
})

async function send(client: ApiClient, request: HostileRequest) {
  const headers: Record<string, string> = {}
  if (request.contentType) headers['content-type'] = request.contentType
  if (client.csrfToken) headers[CSRF_HEADER] = client.csrfToken
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    cookies: Object.fromEntries(client.cookies),
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  })
}

/** A case may sign the staff member out (logout is a route too): sign in again for the next. */
async function staffClient(): Promise<ApiClient> {
  if (!staff.cookies.has(SESSION_COOKIE)) staff = await signInAs(t, staffUser)
  return staff
}

it('walks every registered route', () => {
  const paths = new Set(routes.map((route) => route.url))
  expect(paths).toContain('/api/client/task-schemas/:id/')
  expect(paths).toContain('/api/auth/session/logout/')
  expect(routes.length).toBeGreaterThan(50)
})

it(
  'answers malformed requests to every route without a server error',
  async () => {
    for (const route of routes) {
      for (const caller of ['visitor', 'staff'] as const) {
        await fc.assert(
          fc.asyncProperty(hostileRequest(route), async (request) => {
            const client = caller === 'staff' ? await staffClient() : visitor
            const response = await send(client, request)
            if (response.statusCode >= 500) {
              throw new Error(
                `${caller} ${request.method} ${request.url} (${request.contentType}: ` +
                  `${request.payload?.slice(0, 300)}) answered ${response.statusCode}: ` +
                  response.body.slice(0, 500),
              )
            }
          }),
          { numRuns: RUNS_PER_ROUTE },
        )
      }
    }
  },
  60_000 * RUNS_PER_ROUTE,
)
