import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../../../package.json' with { type: 'json' }
import { createTestApp, type TestApp } from '../../test/harness'
import { prefersHtml } from './service'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'

describe('GET /api/', () => {
  it.each([
    ['no Accept header', undefined],
    ['any type', '*/*'],
    ['JSON', 'application/json'],
  ])('answers JSON to a program asking for %s, without a session', async (_case, accept) => {
    const response = await t.app.inject({
      url: '/api/',
      headers: accept === undefined ? {} : { accept },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers.vary).toMatch(/Accept/)
    expect(response.json()).toEqual({
      name: 'Crowdwork API',
      version: packageJson.version,
      documentation: '/api/docs',
      schema: '/api/schema/',
    })
  })

  it('answers a browser a page linking the documentation and the schema', async () => {
    const response = await t.app.inject({ url: '/api/', headers: { accept: BROWSER_ACCEPT } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('<meta name="viewport" content="width=device-width')
    expect(response.body).toContain('<a href="/api/docs">')
    expect(response.body).toContain('<a href="/api/schema/">')
    expect(response.body).toContain(`Version ${packageJson.version}`)
  })

  it('answers without the trailing slash too', async () => {
    const response = await t.app.inject({ url: '/api' })
    expect(response.statusCode).toBe(200)
    expect(response.json().documentation).toBe('/api/docs')
  })

  it('is in the OpenAPI document, as /api/', async () => {
    const schema = (await t.app.inject({ url: '/api/schema/' })).json()
    expect(schema.paths['/api/']?.get).toBeDefined()
    expect(schema.paths['/api']).toBeUndefined()
  })

  it('links pages that answer', async () => {
    const { documentation, schema } = (await t.app.inject({ url: '/api/' })).json()
    for (const url of [documentation, schema]) {
      const response = await t.app.inject({ url })
      expect([200, 302]).toContain(response.statusCode)
    }
  })
})

describe('which answer a request prefers', () => {
  it.each([
    [BROWSER_ACCEPT, true],
    ['text/html', true],
    ['text/*', true],
    ['application/json, text/html;q=0.5', false],
    ['text/html;q=0.5, application/json', false],
    ['text/html, application/json', false],
    ['text/html;q=0, */*', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
    ['text/html;q=abc', false],
  ])('%j prefers a page: %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected)
  })
})

describe('the API documentation page', () => {
  it('declares a phone-sized viewport and the narrow-screen styles', async () => {
    const index = await t.app.inject({ url: '/api/docs' })
    expect(index.statusCode).toBe(200)
    expect(index.body).toContain('theme/viewport.js')
    expect(index.body).toContain('theme/narrow-screens.css')

    const script = await t.app.inject({ url: '/api/docs/static/theme/viewport.js' })
    expect(script.statusCode).toBe(200)
    expect(script.body).toContain("'width=device-width, initial-scale=1'")
    const styles = await t.app.inject({ url: '/api/docs/static/theme/narrow-screens.css' })
    expect(styles.statusCode).toBe(200)
    expect(styles.body).toMatch(/@media \(max-width: 768px\)/)
  })
})
