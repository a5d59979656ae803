import * as oidc from 'openid-client'
import type { SsoFailureReason } from '../../../contract/auth'
import type { AppConfig, OidcConfig } from '../../config'
import type { Db } from '../../db/client'
import { type LoginContext, openSession } from './service'
import {
  findLinkedAccount,
  findLoginAttempt,
  findUnlinkedAccountsByEmail,
  linkAccount,
  lockProviderAccount,
  recordLoginAttempt,
  takeLoginAttempt,
} from './sso-queries'
import { hashToken } from './tokens'

export const ssoFailurePage = (reason: SsoFailureReason) =>
  `/oidc_failure?reason=${encodeURIComponent(reason)}`

/**
 * A refused single sign-on: `reason` goes to the failure page, `detail` only to the server log,
 * which names accounts by id and never by e-mail, username or provider subject.
 */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
  }
}

/** The claims the linking rules read, from the ID token and the provider's userinfo. */
type PersonClaims = {
  sub: string
  email?: unknown
  email_verified?: unknown
  given_name?: unknown
  family_name?: unknown
}

const SCOPE = 'openid email profile'

/**
 * The authorization-code flow with PKCE, state and nonce against the configured provider. The
 * provider's metadata is discovered on first use and kept; a failed discovery is tried again on
 * the next login, so a provider that was down does not need a server restart.
 */
export class SingleSignOn {
  private discovered: Promise<oidc.Configuration> | null = null

  constructor(private readonly settings: OidcConfig) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = null
      throw new SsoRefusal('unavailable', `provider discovery failed: ${messageOf(error)}`)
    })
    return this.discovered
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings
    const url = new URL(issuer)
    return oidc.discovery(
      url,
      clientId,
      clientSecret,
      clientSecret === undefined ? oidc.None() : undefined,
      // Config allows plain http only for a provider on a loopback address.
      url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
    )
  }

  /** Records a new login for the browser holding `browserToken`; answers the provider's URL. */
  async start(db: Db, browserToken: string): Promise<string> {
    const configuration = await this.configuration()
    const codeVerifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    await recordLoginAttempt(db, {
      state,
      browserHash: hashToken(browserToken),
      codeVerifier,
      nonce,
    })
    return oidc
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.settings.redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString()
  }

  /**
   * Completes the login the provider's answer at `callbackUrl` belongs to and opens a session for
   * the linked (or now linked) account. Throws SsoRefusal for every way it can fail; a callback
   * whose login was already completed refuses with `state_used`.
   */
  async complete(
    db: Db,
    callbackUrl: URL,
    browserToken: string | undefined,
    config: AppConfig,
    context: LoginContext,
  ): Promise<{ username: string; sessionToken: string }> {
    const state = callbackUrl.searchParams.get('state')
    if (!state) throw new SsoRefusal('state_missing', 'the provider answered without a state')
    const attempt = await findLoginAttempt(db, state)
    if (!attempt) throw new SsoRefusal('state_invalid', 'unknown or expired state')
    if (!browserToken || hashToken(browserToken) !== attempt.browserHash) {
      throw new SsoRefusal('state_invalid', 'the state was issued to another browser')
    }
    const taken = await takeLoginAttempt(db, state)
    if (!taken) throw new SsoRefusal('state_used', 'the login of this state was already completed')

    const providerError = callbackUrl.searchParams.get('error')
    if (providerError) {
      const description = callbackUrl.searchParams.get('error_description') ?? ''
      throw new SsoRefusal('provider_error', `${providerError} ${description}`.trim())
    }

    const configuration = await this.configuration()
    const claims = await this.exchange(configuration, callbackUrl, taken).catch((error) => {
      throw new SsoRefusal('provider_error', `code exchange failed: ${messageOf(error)}`)
    })
    const issuer = configuration.serverMetadata().issuer
    const account = await accountFor(db, issuer, claims.person)
    const sessionToken = await openSession(db, config, account.id, context, claims.idToken)
    return { username: account.username, sessionToken }
  }

  private async exchange(
    configuration: oidc.Configuration,
    callbackUrl: URL,
    attempt: { state: string; codeVerifier: string; nonce: string },
  ): Promise<{ person: PersonClaims; idToken: string | undefined }> {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    })
    const idClaims = tokens.claims()
    if (!idClaims) throw new Error('no ID token')
    // Providers may keep the profile and e-mail claims out of the ID token and in userinfo only.
    const userInfo = configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      : {}
    return { person: { ...idClaims, ...userInfo, sub: idClaims.sub }, idToken: tokens.id_token }
  }

  /** Where the browser ends the provider's session, or null when the provider offers no logout. */
  async logoutUrl(idToken: string): Promise<string | null> {
    const configuration = await this.configuration()
    if (!configuration.serverMetadata().end_session_endpoint) return null
    return oidc
      .buildEndSessionUrl(configuration, {
        id_token_hint: idToken,
        post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
      })
      .toString()
  }
}

const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/**
 * The account a provider account signs in to. Once linked, only issuer and subject count. The
 * first login links the one account, not yet linked, whose e-mail is the provider's verified
 * e-mail, provided the provider account has first and last names.
 */
async function accountFor(db: Db, issuer: string, person: PersonClaims) {
  return db.transaction(async (tx) => {
    await lockProviderAccount(tx, issuer, person.sub)
    const linked = await findLinkedAccount(tx, issuer, person.sub)
    if (linked) {
      if (!linked.isActive) throw deactivated(linked.id)
      return linked
    }
    const email = person.email
    if (!filled(email) || (person.email_verified !== true && person.email_verified !== 'true')) {
      throw new SsoRefusal(
        'email_unverified',
        'the provider account has no e-mail the provider marks verified',
      )
    }
    if (!filled(person.given_name) || !filled(person.family_name)) {
      throw new SsoRefusal('name_missing', 'the provider account lacks a first or last name')
    }
    const candidates = await findUnlinkedAccountsByEmail(tx, email)
    const [account] = candidates
    if (!account) {
      throw new SsoRefusal(
        'no_account',
        'no account without a link has the e-mail the provider gave',
      )
    }
    if (candidates.length > 1) {
      throw new SsoRefusal(
        'ambiguous_account',
        'several accounts have the e-mail the provider gave',
      )
    }
    if (!account.isActive) throw deactivated(account.id)
    await linkAccount(tx, account.id, {
      issuer,
      subject: person.sub,
      firstName: person.given_name.trim(),
      lastName: person.family_name.trim(),
    })
    return account
  })
}

const deactivated = (userId: number) =>
  new SsoRefusal('deactivated', `the account of id ${userId} is deactivated`)

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
