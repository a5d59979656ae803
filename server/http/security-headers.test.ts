import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaObjects } from '../db/schema'
import { seedTask, seedWorkspace } from '../modules/client-tasks/test-fixtures'
import { storeStream } from '../modules/media/storage'
import { createTestAppWithMedia, type MediaTestApp } from '../test/harness'
import { anonymousClient, type SignedInClient, signIn } from '../test/session-client'

let t: MediaTestApp
let client: SignedInClient
let staticDir: string

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-pwa-'))
  fs.mkdirSync(path.join(staticDir, 'assets'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>')
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  t = await createTestAppWithMedia('security-headers', { staticDir })
  client = await signIn(t, { roles: ['client'] })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

type Headers = Record<string, string | string[] | number | undefined>

const cspDirectives = (headers: Headers) =>
  Object.fromEntries(
    String(headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  )

function expectSecurityHeaders(headers: Headers, url: string) {
  expect(headers['x-content-type-options'], url).toBe('nosniff')
  expect(headers['x-frame-options'], url).toBe('DENY')
  expect(headers['referrer-policy'], url).toBe('same-origin')
  const csp = cspDirectives(headers)
  expect(csp['frame-ancestors'], url).toEqual(["'none'"])
  expect(csp['default-src'], url).toEqual(["'self'"])
  expect(csp['script-src'], url).toEqual(["'self'"])
  expect(csp['object-src'], url).toEqual(["'none'"])
}

describe('security headers', () => {
  it('come with every kind of answer: JSON, errors, files of the app, media', async () => {
    const answers = [
      await t.app.inject({ url: '/api/instance-settings/' }),
      await t.app.inject({ url: '/api/no-such-route/' }),
      await t.app.inject({ url: '/api/auth/current-user/' }),
      await client.get('client/task-schemas/not-a-number/'),
      await t.app.inject({ method: 'POST', url: '/api/auth/session/logout/' }),
      await client.get('auth/current-user/'),
      await t.app.inject({ url: '/' }),
      await t.app.inject({ url: '/some/deep/link' }),
      await t.app.inject({ url: '/assets/index-abc123.js' }),
      await t.app.inject({ url: '/sw.js' }),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 404, 401, 400, 403, 200, 200, 200, 200, 200,
    ])
    for (const answer of answers) expectSecurityHeaders(answer.headers, String(answer.raw.req.url))
  })

  it('let the PWA use blob: and data: media, its own workers and inline styles', async () => {
    const csp = cspDirectives((await t.app.inject({ url: '/' })).headers)
    expect(csp['media-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(csp['worker-src']).toEqual(["'self'", 'blob:'])
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(csp['connect-src']).toEqual(["'self'", 'data:', 'blob:'])
  })

  it('let only the app itself frame the API documentation', async () => {
    const docs = await t.app.inject({ url: '/api/docs/' })
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(docs.headers['x-content-type-options']).toBe('nosniff')
    expect(cspDirectives(docs.headers)['frame-ancestors']).toEqual(["'self'"])
  })
})

describe('Cache-Control', () => {
  it('is no-store on API answers, signed in or not, errors included', async () => {
    for (const answer of [
      await client.get('auth/current-user/'),
      await client.get('auth/current-user/permissions/'),
      await t.app.inject({ url: '/api/auth/csrf/' }),
      await (await anonymousClient(t)).get('auth/current-user/'),
      await client.get('client/task-schemas/2147483647/'),
    ]) {
      expect(answer.headers['cache-control'], answer.raw.req.url).toBe('no-store')
    }
  })

  it('keeps the long caching of media, hashed assets, and no-cache of the app shell', async () => {
    const stored = await storeStream(t.media, Readable.from([Buffer.from('RIFF')]), '.wav')
    const own = await seedWorkspace(t.db, [client.user.id])
    const { task, itemIds } = await seedTask(t.db, own, {
      items: [{ data: { recording: { uuid: stored.uuid } } }],
    })
    await t.db.insert(mediaObjects).values({ ...stored, mimeType: 'audio/wav', taskId: task.id })
    const media = await client.get(
      `client/fake-tasks/${task.id}/media/${itemIds[0]}/${stored.uuid}/`,
    )
    expect(media.statusCode).toBe(200)
    expect(media.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect(media.headers['x-content-type-options']).toBe('nosniff')

    const asset = await t.app.inject({ url: '/assets/index-abc123.js' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await t.app.inject({ url: '/sw.js' })).headers['cache-control']).toBe('no-cache')
    expect((await t.app.inject({ url: '/deep/link' })).headers['cache-control']).toBe('no-cache')
  })
})
