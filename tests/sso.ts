import { E2E_PORT } from './env'

/**
 * The identity provider of the single-sign-on tests: oidc-provider on a loopback port beside the
 * product's (started by the global setup), with people who may sign in at it.
 */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 10)

export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  providerName: 'Test ID',
  redirectUri: `http://127.0.0.1:${E2E_PORT}/api/auth/oidc/callback/`,
  postLogoutRedirectUri: `http://127.0.0.1:${E2E_PORT}/login`,
}

/** Login names at the provider, with the accounts the product holds for them. */
export const SSO_PEOPLE = {
  /** Has a placeholder account: the first sign-in links it. */
  linked: {
    login: 'sso-person',
    claims: {
      email: 'sso.person@example.test',
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Sorensen',
    },
    account: { username: 'sso_person', isActive: true },
  },
  /** Has a placeholder account that a coordinator deactivated. */
  deactivated: {
    login: 'sso-deactivated',
    claims: {
      email: 'sso.deactivated@example.test',
      email_verified: true,
      given_name: 'Dana',
      family_name: 'Dorn',
    },
    account: { username: 'sso_deactivated', isActive: false },
  },
  /** Nobody made an account for this person. */
  stranger: {
    login: 'sso-stranger',
    claims: {
      email: 'sso.stranger@example.test',
      email_verified: true,
      given_name: 'Stan',
      family_name: 'Stranger',
    },
    account: null,
  },
} as const
