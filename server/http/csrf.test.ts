import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../contract/constants'
import { createTestApp, type TestApp } from '../test/harness'
import { anonymousClient, signIn } from '../test/session-client'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ trustedOrigins: ['https://app.example.test'] })
})
afterAll(() => t.close())

/** An unsafe request that needs a session and has a harmless effect. */
const acceptCookiePolicy = 'auth/current-user/accept-cookie-policy/'

describe('CSRF cookie', () => {
  it('GET /api/auth/csrf/ answers the token and sets it as a readable cookie', async () => {
    const response = await t.app.inject({ url: '/api/auth/csrf/' })
    expect(response.statusCode).toBe(200)
    const token = response.json().csrf_token
    expect(token).toMatch(/^[\w-]{43}$/)
    const cookie = String(response.headers['set-cookie'])
    expect(cookie).toContain(`${CSRF_COOKIE}=${token};`)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).not.toMatch(/HttpOnly/)
  })

  it('is set on any response to a request without it, and kept when present', async () => {
    const first = await t.app.inject({ url: '/api/instance-settings/' })
    expect(String(first.headers['set-cookie'])).toMatch(new RegExp(`^${CSRF_COOKIE}=`))
    const token = first.cookies.find((c) => c.name === CSRF_COOKIE)?.value as string
    const second = await t.app.inject({ url: '/api/auth/csrf/', cookies: { [CSRF_COOKIE]: token } })
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(second.json().csrf_token).toBe(token)
  })
})

describe('CSRF check on unsafe methods', () => {
  const expectRefused = (
    response: { statusCode: number; json: () => { code: string; detail: string } },
    why: RegExp,
  ) => {
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('csrf_failed')
    expect(response.json().detail).toMatch(why)
  }

  it('refuses a request without the cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/session/logout/' })
    expectRefused(response, /csrftoken cookie is missing/)
  })

  it('refuses a request without the header', async () => {
    const client = await signIn(t)
    const response = await client.put(acceptCookiePolicy, undefined, {
      headers: { 'x-csrftoken': '' },
    })
    expectRefused(response, /X-CSRFToken header is missing/)
  })

  it('refuses a header that does not match the cookie', async () => {
    const client = await signIn(t)
    const response = await client.put(acceptCookiePolicy, undefined, {
      headers: { 'x-csrftoken': 'A'.repeat(43) },
    })
    expectRefused(response, /does not match/)
  })

  it('refuses a foreign Origin even with the right token', async () => {
    const client = await signIn(t)
    const response = await client.put(acceptCookiePolicy, undefined, {
      headers: { origin: 'https://evil.example.test' },
    })
    expectRefused(response, /origin https:\/\/evil\.example\.test is not trusted/)
  })

  it('refuses a foreign Referer when there is no Origin', async () => {
    const client = await signIn(t)
    const response = await client.put(acceptCookiePolicy, undefined, {
      headers: { referer: 'https://evil.example.test/page' },
    })
    expectRefused(response, /referer/)
  })

  it('refuses an Origin that only matches the Host header the client sent', async () => {
    const client = await signIn(t)
    const forged: Record<string, string>[] = [
      { host: 'evil.example.test', origin: 'http://evil.example.test' },
      { host: 'evil.example.test', referer: 'http://evil.example.test/form' },
      { 'x-forwarded-host': 'evil.example.test', origin: 'http://evil.example.test' },
    ]
    for (const headers of forged) {
      const response = await client.put(acceptCookiePolicy, undefined, { headers })
      expectRefused(response, /evil\.example\.test.* is not trusted/)
    }
  })

  it("accepts the server's own origins, a trusted origin, and no origin at all", async () => {
    const client = await signIn(t)
    const accepted: Record<string, string>[] = [
      { origin: 'http://127.0.0.1:8080' },
      { origin: 'http://localhost:8080' },
      { host: 'elsewhere.example.test', origin: 'http://localhost:8080' },
      { referer: 'http://127.0.0.1:8080/user/settings' },
      { origin: 'https://app.example.test' },
      {},
    ]
    for (const headers of accepted) {
      const response = await client.put(acceptCookiePolicy, undefined, { headers })
      expect(response.statusCode, JSON.stringify(headers)).toBe(200)
    }
  })

  it('does not check safe methods', async () => {
    const response = await t.app.inject({
      url: '/api/instance-settings/',
      headers: { origin: 'https://evil.example.test' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('protects the login form too', async () => {
    const client = await anonymousClient(t)
    const response = await client.post(
      'auth/session/login/',
      { username: 'someone', password: 'secret' },
      { headers: { origin: 'https://evil.example.test' } },
    )
    expect(response.statusCode).toBe(403)
  })
})

describe('CSRF check behind a proxy', () => {
  let proxied: TestApp
  beforeAll(async () => {
    proxied = await createTestApp({
      trustProxy: true,
      publicOrigins: ['https://crowd.example.test'],
    })
  })
  afterAll(() => proxied.close())

  it('accepts the configured public origin and refuses the loopback defaults and forged hosts', async () => {
    const client = await signIn(proxied)
    const put = (headers: Record<string, string>) =>
      client.put(acceptCookiePolicy, undefined, { headers })
    expect((await put({ origin: 'https://crowd.example.test' })).statusCode).toBe(200)
    const refused: Record<string, string>[] = [
      { origin: 'http://127.0.0.1:8080' },
      { 'x-forwarded-host': 'evil.example.test', origin: 'https://evil.example.test' },
      { origin: 'http://crowd.example.test' },
    ]
    for (const headers of refused) {
      expect((await put(headers)).statusCode, JSON.stringify(headers)).toBe(403)
    }
  })
})
