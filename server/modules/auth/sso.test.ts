import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    oidc: {
      issuer: 'https://id.example.test',
      clientId: 'crowdwork',
      clientSecret: undefined,
      providerName: 'Example ID',
    },
  })
})
afterAll(() => t.close())

describe('with single sign-on configured', () => {
  it('announces it in the instance settings', async () => {
    const response = await t.app.inject({ url: '/api/instance-settings/' })
    expect(response.json()).toMatchObject({ sso_enabled: true, sso_provider_name: 'Example ID' })
  })

  it('sends the browser to the failure page while the provider exchange is not available', async () => {
    const response = await t.app.inject({ url: '/api/auth/oidc/login/' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/oidc_failure?reason=unavailable')
  })
})
