import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../contract/constants'
import { FIRST_WORK_HTML } from '../../contract/first-work-pages'
import { withFirstWorkPreloads } from '../../scripts/first-work-page'
import { precompressBuild } from '../../scripts/precompress'
import { createTestApp, type TestApp } from '../test/harness'
import { type SignedInClient, signIn } from '../test/session-client'

let t: TestApp
let annotator: SignedInClient
let staticDir: string
const indexHtml = `<!doctype html><html><head><title>app</title><script type="module" src="/assets/index-abc.js"></script></head><body>${'<p>offline first</p>'.repeat(80)}</body></html>`
const firstWorkHtml = withFirstWorkPreloads(indexHtml, [
  'assets/ui-kit-abc.js',
  'assets/work-abc.js',
])

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-work-pwa-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml)
  fs.writeFileSync(path.join(staticDir, FIRST_WORK_HTML), firstWorkHtml)
  await precompressBuild(staticDir)
  t = await createTestApp({ staticDir })
  annotator = await signIn(t, { roles: ['endworker'] })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

function openPage(url: string, cookies: Record<string, string> = {}) {
  return t.app.inject({ url, cookies, headers: { 'accept-encoding': 'identity' } })
}

describe('the page a browser gets for an annotator screen', () => {
  it('preloads the first-work files, at low priority, before </head>', () => {
    expect(firstWorkHtml).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ui-kit-abc.js">',
    )
    expect(firstWorkHtml).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/work-abc.js">',
    )
    expect(firstWorkHtml.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')).toBe(
      indexHtml.replace('</head>', '\n  </head>'),
    )
    expect(() => withFirstWorkPreloads('<p>no head</p>', ['assets/work-abc.js'])).toThrow(
      /no <\/head>/,
    )
  })

  it('is the first-work page for a browser with a session opening the task list or an item set', async () => {
    const cookies = Object.fromEntries(annotator.cookies)
    for (const url of ['/tasks', '/tasks/', '/tasks/3/17', '/tasks/3/17?item=2']) {
      const answer = await openPage(url, cookies)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.body, url).toBe(firstWorkHtml)
      expect(answer.headers['cache-control'], url).toBe('no-cache')
      expect(answer.headers.vary, url).toMatch(/cookie/i)
    }
  })

  it('is index.html for other pages, and for a browser without a session', async () => {
    const cookies = Object.fromEntries(annotator.cookies)
    for (const [url, withCookies] of [
      ['/tasks/3/17', {}],
      ['/tasks', { [SESSION_HINT_COOKIE]: '1' }],
      ['/login', cookies],
      ['/review', cookies],
      ['/taskspace', cookies],
    ] as const) {
      const answer = await openPage(url, withCookies)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.body, url).toBe(indexHtml)
      expect(answer.headers.vary, url).toMatch(/cookie/i)
    }
  })

  it('is index.html when the build has no first-work page', async () => {
    fs.rmSync(path.join(staticDir, FIRST_WORK_HTML))
    const withoutPage = await createTestApp({ staticDir })
    try {
      const answer = await withoutPage.app.inject({
        url: '/tasks/3/17',
        cookies: { [SESSION_COOKIE]: 'any' },
        headers: { 'accept-encoding': 'identity' },
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toBe(indexHtml)
    } finally {
      await withoutPage.close()
    }
  })
})
