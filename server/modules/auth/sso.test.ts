import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oidcConfig } from '../../config'
import { users } from '../../db/schema'
import { createTestApp, type TestApp, testConfig } from '../../test/harness'
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider'
import { type ApiClient, anonymousClient, createUser, signIn } from '../../test/session-client'

const PUBLIC_ORIGIN = 'http://127.0.0.1:8080'
const CALLBACK = `${PUBLIC_ORIGIN}/api/auth/oidc/callback/`

let provider: TestProvider
let t: TestApp
const logLines: { msg: string; reason?: string; detail?: string }[] = []

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: CALLBACK,
    postLogoutRedirectUri: `${PUBLIC_ORIGIN}/login`,
  })
  t = await createTestApp(
    {
      publicOrigins: [PUBLIC_ORIGIN],
      logLevel: 'warn',
      oidc: oidcConfig({
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        providerName: 'Example ID',
        publicOrigin: PUBLIC_ORIGIN,
      }),
    },
    { logStream: { write: (line) => logLines.push(JSON.parse(line)) } },
  )
})
afterAll(async () => {
  await t.close()
  await provider.close()
})

let personCount = 0

/** A person at the provider with verified e-mail and full names unless told otherwise. */
function person(claims: Partial<Parameters<TestProvider['people']['set']>[1]> = {}) {
  personCount += 1
  const login = `person${personCount}`
  provider.people.set(login, {
    email: `${login}@example.test`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...claims,
  })
  return { login, email: provider.people.get(login)?.email ?? '' }
}

/** Starts a login in `browser`; answers the provider URL it was sent to. */
async function startLogin(browser: ApiClient): Promise<string> {
  const response = await browser.get('auth/oidc/login/')
  expect(response.statusCode).toBe(302)
  const location = response.headers.location as string
  expect(location.startsWith(provider.issuer)).toBe(true)
  return location
}

async function returnTo(browser: ApiClient, callback: URL) {
  const response = await browser.get(`${callback.pathname}${callback.search}`)
  expect(response.statusCode).toBe(302)
  return response.headers.location as string
}

/** A whole single sign-on from a browser; answers where the app's callback sent it. */
async function signInWithProvider(browser: ApiClient, login: string) {
  const callback = await signInAtProvider(await startLogin(browser), login, CALLBACK)
  return returnTo(browser, callback)
}

const accountOf = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id))
  return row
}

describe('with single sign-on configured', () => {
  it('announces it in the instance settings', async () => {
    const response = await t.app.inject({ url: '/api/instance-settings/' })
    expect(response.json()).toMatchObject({ sso_enabled: true, sso_provider_name: 'Example ID' })
  })

  it('starts the code flow with PKCE, state and nonce', async () => {
    const url = new URL(await startLogin(await anonymousClient(t.app)))
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    })
    for (const name of ['code_challenge', 'state', 'nonce']) {
      expect(url.searchParams.get(name)).toMatch(/^[\w-]{20,}$/)
    }
  })
})

describe('first sign-in', () => {
  it('links the placeholder account with the verified e-mail and opens a session', async () => {
    const { login, email } = person({ given_name: 'Grace', family_name: 'Hopper' })
    const placeholder = await createUser(t.db, { email: email.toUpperCase(), isSsoAccount: true })
    const browser = await anonymousClient(t.app)

    expect(await signInWithProvider(browser, login)).toBe(
      `/callback?username=${placeholder.username}`,
    )
    const me = await browser.get('auth/current-user/')
    expect(me.json()).toMatchObject({
      username: placeholder.username,
      first_name: 'Grace',
      last_name: 'Hopper',
      is_sso_account: true,
    })
    expect(await accountOf(placeholder.id)).toMatchObject({
      ssoIssuer: provider.issuer,
      ssoSubject: login,
    })
  })

  it('links an existing traditional account with that e-mail, keeping its names', async () => {
    const { login, email } = person()
    const account = await createUser(t.db, { email, firstName: 'Ann', lastName: 'Smith' })
    const browser = await anonymousClient(t.app)

    expect(await signInWithProvider(browser, login)).toBe(`/callback?username=${account.username}`)
    expect(await accountOf(account.id)).toMatchObject({
      isSsoAccount: true,
      firstName: 'Ann',
      lastName: 'Smith',
    })
  })

  it.each([
    [
      'an e-mail the provider does not mark verified',
      { email_verified: false },
      'email_unverified',
    ],
    ['no e-mail', { email: undefined }, 'email_unverified'],
    ['no first name', { given_name: '' }, 'name_missing'],
    ['no last name', { family_name: undefined }, 'name_missing'],
  ])('refuses a provider account with %s', async (_case, claims, reason) => {
    const { login, email } = person()
    const placeholder = await createUser(t.db, { email, isSsoAccount: true })
    provider.people.set(login, { ...provider.people.get(login), ...claims })
    const browser = await anonymousClient(t.app)

    expect(await signInWithProvider(browser, login)).toBe(`/oidc_failure?reason=${reason}`)
    expect((await accountOf(placeholder.id))?.ssoSubject).toBeNull()
    expect((await browser.get('auth/current-user/')).statusCode).toBe(401)
  })

  it('refuses a person without an account, logging why', async () => {
    const { login, email } = person()
    const browser = await anonymousClient(t.app)
    expect(await signInWithProvider(browser, login)).toBe('/oidc_failure?reason=no_account')
    expect(logLines).toContainEqual(
      expect.objectContaining({
        msg: 'single sign-on refused',
        reason: 'no_account',
        detail: 'no account without a link has the e-mail the provider gave',
      }),
    )
    expect(JSON.stringify(logLines).toLowerCase()).not.toContain(email.toLowerCase())
  })

  it('refuses when several accounts have the e-mail', async () => {
    const { login, email } = person()
    await createUser(t.db, { email })
    await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    expect(await signInWithProvider(browser, login)).toBe('/oidc_failure?reason=ambiguous_account')
  })

  it('refuses a deactivated account and leaves it unlinked', async () => {
    const { login, email } = person()
    const account = await createUser(t.db, { email, isSsoAccount: true, isActive: false })
    const browser = await anonymousClient(t.app)
    expect(await signInWithProvider(browser, login)).toBe('/oidc_failure?reason=deactivated')
    expect((await accountOf(account.id))?.ssoSubject).toBeNull()
  })
})

describe('after the first sign-in', () => {
  it('finds the account by issuer and subject, never by e-mail again', async () => {
    const { login, email } = person()
    const linked = await createUser(t.db, { email, isSsoAccount: true })
    await signInWithProvider(await anonymousClient(t.app), login)

    // The person changes their e-mail at the provider; an account with the new e-mail is ignored.
    const newEmail = `changed-${email}`
    await createUser(t.db, { email: newEmail })
    provider.people.set(login, { ...provider.people.get(login), email: newEmail })
    expect(await signInWithProvider(await anonymousClient(t.app), login)).toBe(
      `/callback?username=${linked.username}`,
    )

    // Another provider account with the linked account's e-mail does not get into it.
    const { login: other } = person({ email })
    expect(await signInWithProvider(await anonymousClient(t.app), other)).toBe(
      '/oidc_failure?reason=no_account',
    )
  })

  it('refuses a linked account once deactivated', async () => {
    const { login, email } = person()
    const linked = await createUser(t.db, { email, isSsoAccount: true })
    await signInWithProvider(await anonymousClient(t.app), login)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, linked.id))

    expect(await signInWithProvider(await anonymousClient(t.app), login)).toBe(
      '/oidc_failure?reason=deactivated',
    )
  })
})

describe('the login state', () => {
  it('refuses a callback without a state', async () => {
    const browser = await anonymousClient(t.app)
    expect(await returnTo(browser, new URL(`${CALLBACK}?code=abc`))).toBe(
      '/oidc_failure?reason=state_missing',
    )
  })

  it('refuses a state it did not issue', async () => {
    const browser = await anonymousClient(t.app)
    await startLogin(browser)
    expect(await returnTo(browser, new URL(`${CALLBACK}?code=abc&state=forged`))).toBe(
      '/oidc_failure?reason=state_invalid',
    )
  })

  it('refuses a state issued to another browser', async () => {
    const { login, email } = person()
    await createUser(t.db, { email, isSsoAccount: true })
    const callback = await signInAtProvider(
      await startLogin(await anonymousClient(t.app)),
      login,
      CALLBACK,
    )
    const otherBrowser = await anonymousClient(t.app)
    expect(await returnTo(otherBrowser, callback)).toBe('/oidc_failure?reason=state_invalid')
  })

  it('sends a signed-in user on to the app when the back button replays the callback', async () => {
    const { login, email } = person()
    await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    const callback = await signInAtProvider(await startLogin(browser), login, CALLBACK)
    expect(await returnTo(browser, callback)).toMatch(/^\/callback\?username=/)

    expect(await returnTo(browser, callback)).toBe('/')
    expect((await browser.get('auth/current-user/')).statusCode).toBe(200)

    await browser.post('auth/session/logout/')
    expect(await returnTo(browser, callback)).toBe('/oidc_failure?reason=state_used')
  })

  it('completes logins started in two tabs of one browser, in either order', async () => {
    const { login, email } = person()
    const account = await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    const firstTab = await startLogin(browser)
    const secondTab = await startLogin(browser)

    const secondReturn = await signInAtProvider(secondTab, login, CALLBACK)
    const firstReturn = await signInAtProvider(firstTab, login, CALLBACK)
    expect(await returnTo(browser, secondReturn)).toBe(`/callback?username=${account.username}`)
    expect(await returnTo(browser, firstReturn)).toBe(`/callback?username=${account.username}`)
  })

  it('links once when two first logins of one provider account return at the same moment', async () => {
    const { login, email } = person()
    const account = await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    const firstTab = await startLogin(browser)
    const secondTab = await startLogin(browser)
    const returns = [
      await signInAtProvider(firstTab, login, CALLBACK),
      await signInAtProvider(secondTab, login, CALLBACK),
    ]

    const landings = await Promise.all(returns.map((callback) => returnTo(browser, callback)))
    expect(landings).toEqual([
      `/callback?username=${account.username}`,
      `/callback?username=${account.username}`,
    ])
    expect((await accountOf(account.id))?.ssoSubject).toBeTruthy()
  })

  it('reports a refusal at the provider', async () => {
    const browser = await anonymousClient(t.app)
    const state = new URL(await startLogin(browser)).searchParams.get('state')
    expect(await returnTo(browser, new URL(`${CALLBACK}?error=access_denied&state=${state}`))).toBe(
      '/oidc_failure?reason=provider_error',
    )
  })
})

describe('sign-out', () => {
  it("answers the provider's logout for a single-sign-on session", async () => {
    const { login, email } = person()
    await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    await signInWithProvider(browser, login)

    expect((await browser.post('auth/session/logout/')).statusCode).toBe(200)
    const answer = (await browser.post('auth/oidc/logout/')).json()
    const logoutUrl = new URL(answer.logout_url)
    expect(logoutUrl.origin).toBe(provider.issuer)
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_ORIGIN}/login`)
    expect(logoutUrl.searchParams.get('id_token_hint')).toMatch(/^ey/)
    expect((await browser.get('auth/current-user/')).statusCode).toBe(401)

    // Said once: a second call has nothing left to end.
    expect((await browser.post('auth/oidc/logout/')).json()).toEqual({ detail: 'Signed out.' })
  })

  it('ends the local session on its own too', async () => {
    const { login, email } = person()
    await createUser(t.db, { email, isSsoAccount: true })
    const browser = await anonymousClient(t.app)
    await signInWithProvider(browser, login)

    expect((await browser.post('auth/oidc/logout/')).json().logout_url).toContain(provider.issuer)
    expect((await browser.get('auth/current-user/')).statusCode).toBe(401)
  })

  it('answers no provider logout for a password session', async () => {
    const client = await signIn(t.app)
    await client.post('auth/session/logout/')
    expect((await client.post('auth/oidc/logout/')).json()).toEqual({ detail: 'Signed out.' })
  })
})

describe('with the provider unreachable', () => {
  it('sends the browser to the failure page', async () => {
    const unreachable = await createTestApp({
      oidc: oidcConfig({
        // Port 9 (discard) on loopback: nothing listens there.
        issuer: 'http://127.0.0.1:9',
        clientId: 'crowdwork',
        clientSecret: undefined,
        providerName: 'Example ID',
        publicOrigin: testConfig().publicOrigins[0] as string,
      }),
    })
    try {
      const response = await unreachable.app.inject({ url: '/api/auth/oidc/login/' })
      expect(response.headers.location).toBe('/oidc_failure?reason=unavailable')
    } finally {
      await unreachable.close()
    }
    // A second app with its own database: slow to make on a busy machine.
  }, 60_000)
})
