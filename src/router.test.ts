import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './api/query-client'
import { createAppRouter, preloadStartUpPageCode } from './router'
import { storage } from './storage'
import { dropSessionHint, holdSessionHint } from './test/api'

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
    preloadStartUpPageCode(router)
    const fetched = loadRouteChunk.mock.calls.map(([route]) => route.id)
    expect(fetched).toEqual(
      expect.arrayContaining(['__root__', '/_app', '/_app/tasks/$taskId/$itemSetId/']),
    )
  })

  it('is fetched at once for a browser holding a session cookie, with no user stored', () => {
    holdSessionHint()
    const { router, loadRouteChunk } = routerAt('/tasks/1/4')
    preloadStartUpPageCode(router)
    const fetched = loadRouteChunk.mock.calls.map(([route]) => route.id)
    expect(fetched).toEqual(expect.arrayContaining(['/_app/tasks/$taskId/$itemSetId/']))
  })

  it('is not fetched for a visitor, who is sent to the sign-in page', () => {
    dropSessionHint()
    const { router, loadRouteChunk } = routerAt('/tasks/1/4')
    preloadStartUpPageCode(router)
    expect(loadRouteChunk).not.toHaveBeenCalled()
  })
})
