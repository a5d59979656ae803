import type { AppConfig } from '../../config'

/** Why single sign-on could not start, shown by the web client's /oidc_failure page. */
export type SsoFailureReason = 'not_configured' | 'unavailable'

export const ssoFailurePage = (reason: SsoFailureReason) =>
  `/oidc_failure?reason=${encodeURIComponent(reason)}`

/**
 * Where GET /api/auth/oidc/login/ sends the browser. The exchange with the identity provider
 * (openid-client: discovery, authorization URL with PKCE, callback) is its own issue; until it
 * lands, a configured provider is reported as unavailable rather than half-working.
 */
export async function ssoLoginLocation(config: AppConfig): Promise<string> {
  if (!config.oidc) return ssoFailurePage('not_configured')
  return ssoFailurePage('unavailable')
}
