import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dropEarlyAnswers } from './api/client'
import { createQueryClient } from './api/query-client'
import { createAppRouter, preloadStartUpPage } from './router'
import { storage } from './storage'
import { dropSessionHint, holdSessionHint, setupApiServer } from './test/api'

const server = setupApiServer()

/** The API paths asked for from now on. */
function apiRequests(): string[] {
  const paths: string[] = []
  server.use(
    http.get('/api/*', ({ request }) => {
      paths.push(new URL(request.url).pathname)
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return paths
}

function routerAt(path: string) {
  window.history.replaceState(null, '', path)
  const router = createAppRouter(createQueryClient())
  const loadRouteChunk = vi.spyOn(router, 'loadRouteChunk').mockResolvedValue(undefined)
  return { router, loadRouteChunk }
}

describe('the start-up page’s code', () => {
  afterEach(() => {
    storage.remove('user')
    dropSessionHint()
    window.history.replaceState(null, '', '/')
  })

  it('is fetched at once for a returning user, every route of the address', () => {
    storage.set('user', { id: 1 })
    const { router, loadRouteChunk } = routerAt('/tasks/1/4')
    preloadStartUpPage(router)
    const fetched = loadRouteChunk.mock.calls.map(([route]) => route.id)
    expect(fetched).toEqual(
      expect.arrayContaining(['__root__', '/_app', '/_app/tasks/$taskId/$itemSetId/']),
    )
  })

  it('is fetched at once for a browser holding a session cookie, with no user stored', () => {
    holdSessionHint()
    const { router, loadRouteChunk } = routerAt('/tasks/1/4')
    preloadStartUpPage(router)
    const fetched = loadRouteChunk.mock.calls.map(([route]) => route.id)
    expect(fetched).toEqual(expect.arrayContaining(['/_app/tasks/$taskId/$itemSetId/']))
  })

  it('is not fetched for a visitor, who is sent to the sign-in page', () => {
    dropSessionHint()
    const { router, loadRouteChunk } = routerAt('/tasks/1/4')
    preloadStartUpPage(router)
    expect(loadRouteChunk).not.toHaveBeenCalled()
  })
})

describe('the start-up page’s data', () => {
  afterEach(() => {
    dropEarlyAnswers()
    dropSessionHint()
    window.history.replaceState(null, '', '/')
  })

  it('is asked for at once on the annotation screen: the item set and the preferences', async () => {
    holdSessionHint()
    const requested = apiRequests()
    preloadStartUpPage(routerAt('/tasks/1/4').router)

    await expect
      .poll(() => [...requested].sort())
      .toEqual(['/api/auth/current-user/preferences/', '/api/endworker/item-sets/4/'])
  })

  it('is not asked for by a visitor, nor on a page that names none', async () => {
    const requested = apiRequests()
    preloadStartUpPage(routerAt('/tasks/1/4').router)
    holdSessionHint()
    preloadStartUpPage(routerAt('/tasks').router)

    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requested).toEqual([])
  })
})
