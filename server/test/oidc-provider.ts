import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** What the identity provider knows of a person; the login name is their subject. */
export type ProviderPerson = {
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

export type TestProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  /** People who can sign in at the provider, by login name (any password is accepted). */
  people: Map<string, ProviderPerson>
  close: () => Promise<void>
}

/** The one client the test provider knows: the product. */
export const TEST_CLIENT = {
  clientId: 'crowdwork-test',
  clientSecret: 'crowdwork-test-secret-that-is-long-enough',
}

/**
 * A real OpenID provider (oidc-provider with its development login and consent pages) on a
 * loopback port, with one confidential client whose return addresses are given.
 */
export async function startTestProvider({
  port = 0,
  redirectUri,
  postLogoutRedirectUri,
  people = new Map(),
}: {
  port?: number
  redirectUri: string
  postLogoutRedirectUri: string
  people?: Map<string, ProviderPerson>
}): Promise<TestProvider> {
  const server = http.createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const { clientId, clientSecret } = TEST_CLIENT
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    cookies: { keys: ['test-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub)
      if (!person) return undefined
      return { accountId: sub, claims: () => ({ sub, ...person }) }
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Goes through the provider's login and consent pages like a browser from `authorizationUrl`,
 * answering the URL the provider sends the browser back to (the app's callback).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  returnsTo: string,
): Promise<URL> {
  const cookies = new Map<string, string>()
  const send = async (url: URL, form?: URLSearchParams) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const separator = pair.indexOf('=')
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1))
    }
    return response
  }
  let url = new URL(authorizationUrl)
  let form: URLSearchParams | undefined
  for (let step = 0; step < 12; step += 1) {
    const response = await send(url, form)
    form = undefined
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url)
      if (url.href.startsWith(returnsTo)) return url
      continue
    }
    const page = await response.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1]
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1]
    if (!action || !prompt) throw new Error(`unexpected provider page at ${url}: ${page}`)
    url = new URL(action.replaceAll('&amp;', '&'), url)
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt })
  }
  throw new Error('the provider did not send the browser back')
}
