import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { getItemSet } from '../../offline/item-sets'
import { setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { keepItemSetsSynced } from '../annotate/sync'
import {
  itemSetHandlers,
  makeItem,
  makeItemSet,
  makeProtocol,
  resetOfflineDb,
} from '../annotate/test-fixtures'

const server = setupApiServer()

beforeEach(async () => {
  await resetOfflineDb()
  server.use(
    ...signedInHandlers({ permissions: ['endworker'] }),
    http.get('/api/endworker/tasks/', () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
  )
})

function openItems() {
  const view = renderApp('/tasks/3/55/items')
  onTestFinished(keepItemSetsSynced(view.queryClient))
  return view
}

describe('the task view’s items route (/tasks/{taskId}/{itemSetId}/items)', () => {
  it('shows the set’s items on the annotation screen, at the task view’s address', async () => {
    server.use(...itemSetHandlers(makeItemSet({ items: [makeItem(11), makeItem(12)] })))
    const { router } = openItems()

    expect(await screen.findByRole('region', { name: 'Item #11' })).toBeVisible()
    expect(screen.getByRole('region', { name: 'Item #12' })).toBeVisible()
    expect(router.state.location.pathname).toBe('/tasks/3/55')
    // Replaced, not pushed: Back leaves the set instead of bouncing onto it again.
    expect(router.history.length).toBe(1)
  })

  it('sends the worker to read the protocol first when it was not read', async () => {
    const view = makeItemSet({ protocol: { ...makeItemSet().protocol, read: false } })
    server.use(...itemSetHandlers(view, makeProtocol({ read: false })))
    const { router } = openItems()

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tasks/3/55/8/protocol-confirm'),
    )
    expect(await screen.findByRole('button', { name: 'I have read the protocol' })).toBeVisible()
  })

  it('opens from the device when the server cannot be reached', async () => {
    server.use(...itemSetHandlers(makeItemSet({ items: [makeItem(11)] })))
    const online = openItems()
    await screen.findByRole('region', { name: 'Item #11' })
    await waitFor(async () => expect(await getItemSet(55)).toBeDefined())
    online.unmount()

    server.use(
      http.get('/api/endworker/item-sets/55/', () => HttpResponse.error()),
      http.get('/api/endworker/protocols/8/', () => HttpResponse.error()),
    )
    openItems()
    const card = within(await screen.findByRole('region', { name: 'Item #11' }))
    expect(card.getByRole('textbox', { name: 'Transcript' })).toBeVisible()
  })

  it('shows the not-found page for a set of another task', async () => {
    server.use(...itemSetHandlers(makeItemSet()))
    renderApp('/tasks/4/55/items')

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible()
  })
})
