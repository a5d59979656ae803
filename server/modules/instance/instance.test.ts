import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../../package.json' with { type: 'json' }
import { instanceSettings } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ publicInstance: false })
})
afterAll(() => t.close())

describe('GET /api/instance-settings/', () => {
  it('answers the configured flags without a session', async () => {
    const response = await t.app.inject({ url: '/api/instance-settings/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      public_instance: false,
      backend_version: packageJson.version,
      sso_enabled: false,
      sso_provider_name: null,
    })
  })

  it('prefers the public flag stored by staff over the configuration', async () => {
    await t.db.insert(instanceSettings).values({ key: 'public_instance', value: true })
    const response = await t.app.inject({ url: '/api/instance-settings/' })
    expect(response.json().public_instance).toBe(true)
  })
})

describe('clause and cookie policy texts', () => {
  it.each([
    ['/api/information-clause/', /# Information clause/],
    ['/api/cookie-policy/', /# Cookie policy[\s\S]*csrftoken/],
  ])('%s answers the shipped Markdown as a JSON string, never cached', async (url, heading) => {
    const response = await t.app.inject({ url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe('no-cache, no-store')
    const text = response.json()
    expect(typeof text).toBe('string')
    expect(text).toMatch(heading)
  })

  it('answers the text staff stored instead', async () => {
    await t.db
      .insert(instanceSettings)
      .values({ key: 'information_clause', value: '# Our own clause' })
    const response = await t.app.inject({ url: '/api/information-clause/' })
    expect(response.json()).toBe('# Our own clause')
  })
})
