import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../../contract/constants'
import type { Role } from '../../contract/roles'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { hashPassword } from '../modules/auth/passwords'

/**
 * Test clients for the real app: they keep cookies like a browser and send the CSRF header on
 * unsafe methods like the web client does.
 *
 *   const coordinator = await signIn(app, { roles: ['coordinator'] })
 *   const res = await coordinator.get('coordinator/users/')        // same as '/api/coordinator/users/'
 *   await coordinator.patch('auth/current-user/', { first_name: 'Ann' })
 */

export type TestUserOptions = {
  username?: string
  password?: string
  roles?: Role[]
  email?: string
  firstName?: string
  lastName?: string
  isActive?: boolean
  isSsoAccount?: boolean
}

export type TestUser = {
  id: number
  username: string
  password: string
  email: string
  roles: Role[]
}

export const TEST_PASSWORD = 'correct horse battery staple'

let userCount = 0

/** Writes a user straight into the database; every option has a unique or harmless default. */
export async function createUser(db: Db, options: TestUserOptions = {}): Promise<TestUser> {
  userCount += 1
  const username = options.username ?? `user${userCount}_${process.pid}`
  const password = options.password ?? TEST_PASSWORD
  const email = options.email ?? `${username}@example.test`
  const roles = options.roles ?? []
  const [row] = await db
    .insert(users)
    .values({
      username,
      email,
      firstName: options.firstName ?? '',
      lastName: options.lastName ?? '',
      passwordHash: options.isSsoAccount ? null : await hashPassword(password),
      isSsoAccount: options.isSsoAccount ?? false,
      isActive: options.isActive ?? true,
      roles,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user insert returned nothing')
  return { id: row.id, username, password, email, roles }
}

export type RequestOptions = {
  headers?: Record<string, string>
  query?: Record<string, string>
  /** The client's address as the server sees it (request.ip); default 127.0.0.1. */
  remoteAddress?: string
}

type AppLike = FastifyInstance | { app: FastifyInstance }
const fastifyOf = (app: AppLike): FastifyInstance => ('app' in app ? app.app : app)

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export class ApiClient {
  /** Cookies as the browser holds them, updated from every answer. */
  readonly cookies = new Map<string, string>()

  constructor(readonly app: FastifyInstance) {}

  get csrfToken(): string | undefined {
    return this.cookies.get(CSRF_COOKIE)
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, undefined, options)
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, body, options)
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, body, options)
  }
  patch(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PATCH', url, body, options)
  }
  delete(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('DELETE', url, body, options)
  }
  options(url: string, options?: RequestOptions) {
    return this.request('OPTIONS', url, undefined, options)
  }

  /** `url` is relative to /api unless it starts with a slash. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS',
    url: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {}
    const csrfToken = this.csrfToken
    if (UNSAFE_METHODS.has(method) && csrfToken) headers[CSRF_HEADER] = csrfToken
    const inject: InjectOptions = {
      method,
      url: url.startsWith('/') ? url : `${API_BASE}/${url}`,
      query: options.query,
      headers: { ...headers, ...options.headers },
      cookies: Object.fromEntries(this.cookies),
      remoteAddress: options.remoteAddress,
    }
    if (body !== undefined) inject.payload = body as InjectOptions['payload']
    const response = await this.app.inject(inject)
    this.keepCookies(response)
    return response
  }

  private keepCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string
      value: string
      maxAge?: number
      expires?: Date
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now())
      if (expired) this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
  }
}

/** A visitor who has not signed in, holding a CSRF cookie as the web client would. */
export async function anonymousClient(app: AppLike): Promise<ApiClient> {
  const client = new ApiClient(fastifyOf(app))
  const response = await client.get('auth/csrf/')
  if (response.statusCode !== 200)
    throw new Error(`GET /api/auth/csrf/ answered ${response.statusCode}`)
  return client
}

export type SignedInClient = ApiClient & { user: TestUser }

/** Creates a user (see createUser for the options) and signs them in through the login endpoint. */
export async function signIn(app: AppLike, options: TestUserOptions = {}): Promise<SignedInClient> {
  return signInAs(app, await createUser(fastifyOf(app).db, options))
}

/** Signs in a user made earlier with createUser (or with known credentials). */
export async function signInAs(app: AppLike, user: TestUser): Promise<SignedInClient> {
  const client = await anonymousClient(app)
  const response = await client.post('auth/session/login/', {
    username: user.username,
    password: user.password,
  })
  if (response.statusCode !== 200) {
    throw new Error(`signing in ${user.username} answered ${response.statusCode}: ${response.body}`)
  }
  return Object.assign(client, { user })
}

/** The status a fresh visitor's sign-in with these credentials gets: 200 when they are valid. */
export async function loginStatus(app: AppLike, username: string, password: string) {
  const visitor = await anonymousClient(app)
  const response = await visitor.post('auth/session/login/', { username, password })
  return response.statusCode
}

/**
 * Signs in through the real login endpoint as a browser would: cookies kept, the CSRF header and
 * Origin sent. Answers the headers each later request needs.
 */
export async function signInOverHttp(base: string, username: string, password: string) {
  const cookies = new Map<string, string>()
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const separator = pair.indexOf('=')
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1))
    }
  }
  const headers = (): Record<string, string> => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '',
    origin: new URL(base).origin,
  })
  keep(await fetch(`${base}${API_BASE}/auth/csrf/`))
  const login = await fetch(`${base}${API_BASE}/auth/session/login/`, {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`)
  keep(login)
  return headers
}
