import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import type { AnnotationSave } from '../../../contract/worker'
import { getDraft } from '../../offline/item-sets'
import { syncOutbox } from '../../offline/outbox'
import { apiError, setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { keepItemSetsSynced } from './sync'
import {
  itemSetHandlers,
  makeAnnotation,
  makeItem,
  makeItemSet,
  makeProtocol,
  pendingOps,
  resetOfflineDb,
} from './test-fixtures'

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

const itemCard = async (id: number) =>
  within(await screen.findByRole('region', { name: `Item #${id}` }))

/** Types into an item's transcript and waits until the save is stored (its send waits for a pause). */
async function typeTranscript(id: number, text: string) {
  const field = (await itemCard(id)).getByRole('textbox', { name: 'Transcript' })
  await userEvent.clear(field)
  await userEvent.click(field)
  await userEvent.paste(text)
  await waitFor(async () =>
    expect((await getDraft(55, id))?.data).toMatchObject({ transcript: text }),
  )
  await waitFor(() => expect(pendingOps()).toBe(1))
}

function openScreen() {
  const view = renderApp('/tasks/3/55')
  onTestFinished(keepItemSetsSynced(view.queryClient))
  return view
}

describe('annotation screen', () => {
  it('sends the worker to the protocol first, and back to the items once confirmed', async () => {
    let read = false
    const view = makeItemSet({ protocol: { ...makeItemSet().protocol, read: false } })
    server.use(
      http.get('/api/endworker/item-sets/55/', () =>
        HttpResponse.json({ ...view, protocol: { ...view.protocol, read } }),
      ),
      http.get('/api/endworker/protocols/8/', () =>
        HttpResponse.json(
          makeProtocol({
            read,
            diff: '--- version 1\n+++ version 2\n-old rule\n+new rule',
            show_changes: true,
          }),
        ),
      ),
      http.post('/api/endworker/protocols/8/confirm/', () => {
        read = true
        return HttpResponse.json({
          protocol_id: 8,
          read: true,
          read_timestamp: '2026-03-02T10:00:00Z',
        })
      }),
    )
    const { router } = openScreen()

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tasks/3/55/8/protocol-confirm'),
    )
    expect(await screen.findByText(/The protocol has a new version/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'I have read the protocol' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/3/55'))
    expect(await screen.findByRole('region', { name: 'Item #11' })).toBeVisible()
  })

  it('shows each item with its status, and the progress of the set', async () => {
    const done = makeAnnotation({ is_done: true })
    server.use(...itemSetHandlers(makeItemSet({ items: [makeItem(11, done), makeItem(12)] })))
    openScreen()

    const first = await itemCard(11)
    expect(first.getByText('Saved')).toBeVisible()
    expect(first.getByRole('textbox', { name: 'Transcript' })).toHaveValue('from the server')
    expect(first.getByRole('switch', { name: 'Done' })).toBeChecked()
    expect((await itemCard(12)).getByText('Not started')).toBeVisible()
    expect(screen.getByText('Done: 1 of 2')).toBeVisible()
    expect(await screen.findByText('Available offline')).toBeVisible()
  })

  it('queues each change in the outbox and shows it as not synced yet', async () => {
    server.use(...itemSetHandlers(makeItemSet()))
    openScreen()

    await typeTranscript(12, 'dzień dobry')
    const card = await itemCard(12)
    expect(card.getByText('Not synced yet')).toBeVisible()
    expect(card.getByText('Saved')).toBeVisible()

    await userEvent.click(card.getByRole('switch', { name: 'Done' }))
    // The later edit of the same annotation replaces the one still waiting.
    await waitFor(() => expect(screen.getByText('Done: 1 of 2')).toBeVisible())
    expect(pendingOps()).toBe(1)
  })

  it('moves between items and marks them done from the keyboard', async () => {
    const typed = makeAnnotation({ is_done: false })
    server.use(...itemSetHandlers(makeItemSet({ items: [makeItem(11), makeItem(12, typed)] })))
    openScreen()
    const alt = (key: string, code: string) =>
      fireEvent.keyDown(document.documentElement, { key, code, altKey: true })

    const first = await screen.findByRole('region', { name: 'Item #11' })
    expect(first).toHaveAttribute('aria-current', 'true')
    alt('ArrowDown', 'ArrowDown')
    const second = screen.getByRole('region', { name: 'Item #12' })
    await waitFor(() => expect(second).toHaveAttribute('aria-current', 'true'))
    // Physical keys: Alt+D types '∂' on a Mac, and is still the shortcut.
    alt('∂', 'KeyD')
    await waitFor(() => expect(within(second).getByRole('switch', { name: 'Done' })).toBeChecked())
    expect(within(first).getByRole('switch', { name: 'Done' })).not.toBeChecked()

    await userEvent.click(screen.getByRole('button', { name: 'Shortcuts of this screen' }))
    expect(await screen.findByText('Mark the item done, or not done')).toBeVisible()
  })

  it('refuses Done while the item has errors, showing them and why, from the keyboard too', async () => {
    server.use(...itemSetHandlers(makeItemSet()))
    openScreen()

    const card = await itemCard(11)
    const done = card.getByRole('switch', { name: 'Done' })
    // A fresh item shows no errors before it is answered.
    expect(card.queryByText(/Fix the errors first/)).toBeNull()
    expect(card.queryByText('Type what you hear.')).toBeNull()
    await userEvent.click(done)
    expect(done).not.toBeChecked()
    expect(card.getByText('Fix the errors first: Transcript')).toBeVisible()
    expect(card.getByText('Type what you hear.')).toBeVisible()
    expect(done).toHaveAccessibleDescription('Fix the errors first: Transcript')
    fireEvent.keyDown(document.documentElement, { key: 'd', code: 'KeyD', altKey: true })
    expect(done).not.toBeChecked()
    expect(pendingOps()).toBe(0)

    await typeTranscript(11, 'dzień dobry')
    expect(card.queryByText(/Fix the errors first/)).toBeNull()
    await userEvent.click(done)
    await waitFor(() => expect(screen.getByText('Done: 1 of 2')).toBeVisible())
  })

  it('shows the errors of the fields answered only, the same after the screen opens again', async () => {
    server.use(...itemSetHandlers(makeItemSet()))
    const first = openScreen()
    const card = await itemCard(11)
    await userEvent.click(card.getByRole('checkbox', { name: 'The picture matches' }))
    await waitFor(async () => expect((await getDraft(55, 11))?.data).toEqual({ matches: 'true' }))
    expect(card.getByText('Validation error')).toBeVisible()
    expect(card.queryByText('Type what you hear.')).toBeNull()

    await typeTranscript(11, 'x')
    await userEvent.clear(card.getByRole('textbox', { name: 'Transcript' }))
    expect(await card.findByText('Type what you hear.')).toBeVisible()
    await waitFor(async () => expect((await getDraft(55, 11))?.data.transcript).toBe(''))
    first.unmount()

    openScreen()
    expect((await itemCard(11)).getByText('Type what you hear.')).toBeVisible()
    expect((await itemCard(12)).queryByText('Type what you hear.')).toBeNull()
  })

  it('shows the local work over the server’s copy after the screen opens again', async () => {
    server.use(
      ...itemSetHandlers(makeItemSet({ items: [makeItem(11), makeItem(12, makeAnnotation())] })),
    )
    const first = openScreen()
    await typeTranscript(12, 'my own words')
    first.unmount()

    openScreen()
    const card = await itemCard(12)
    expect(card.getByRole('textbox', { name: 'Transcript' })).toHaveValue('my own words')
    expect(card.getByText('Not synced yet')).toBeVisible()
    expect(await screen.findByText('Available offline')).toBeVisible()
  })

  it('folds the server’s answer back once the change is sent', async () => {
    const sent: AnnotationSave[] = []
    server.use(
      ...itemSetHandlers(makeItemSet()),
      http.put('/api/endworker/item-sets/55/items/12/annotation/', async ({ request }) => {
        const body = (await request.json()) as AnnotationSave
        sent.push(body)
        return HttpResponse.json({
          ...makeAnnotation({ data: body.data, client_updated_at: body.client_updated_at }),
          item_id: 12,
          item_set_id: 55,
          applied: true,
        })
      }),
    )
    openScreen()
    await typeTranscript(12, 'sent')

    await syncOutbox({ force: true })

    const card = await itemCard(12)
    await waitFor(() => expect(card.queryByText('Not synced yet')).toBeNull())
    expect(card.getByText('Saved')).toBeVisible()
    expect(sent).toEqual([
      expect.objectContaining({ data: { transcript: 'sent' }, is_done: false }),
    ])
  })

  it('shows a refused save once, in the sticky header, with the lock ended, until discarded', async () => {
    server.use(
      ...itemSetHandlers(makeItemSet({ items: [makeItem(11), makeItem(12, makeAnnotation())] })),
      http.put('/api/endworker/item-sets/55/items/12/annotation/', () =>
        apiError(410, 'The item set expired: refresh or fetch a new one.', 'lock_expired'),
      ),
    )
    const { router } = openScreen()
    await typeTranscript(12, 'too late')

    await syncOutbox({ force: true })

    const alert = await screen.findByRole('alert')
    const header = alert.closest('.mantine-Paper-root') as HTMLElement
    expect(header).toHaveStyle({ position: 'sticky' })
    const message = within(alert).getByRole('link', {
      name: 'Unable to save annotation for item #12',
    })
    expect(screen.getAllByText('Unable to save annotation for item #12')).toHaveLength(1)
    expect(
      within(alert).getByText('The item set expired: refresh it or fetch a new one.'),
    ).toBeVisible()
    expect(within(header).getByText('Lock expired')).toBeVisible()
    expect(within(header).queryByText(/Lock ends in/)).toBeNull()
    const field = (await itemCard(12)).getByRole('textbox', { name: 'Transcript' })
    expect(field).toHaveValue('too late')
    expect(field).toHaveAttribute('readonly')

    await userEvent.click(within(alert).getByRole('button', { name: 'Discard the change' }))
    await waitFor(() => expect(message).not.toBeInTheDocument())
    await waitFor(() => expect(field).toHaveValue('from the server'))

    await typeTranscript(12, 'again too late')
    await syncOutbox({ force: true })
    await userEvent.click(
      await screen.findByRole('link', { name: 'Unable to save annotation for item #12' }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'))
  })

  it('names every item of the set whose save was refused in one message', async () => {
    server.use(
      ...itemSetHandlers(makeItemSet()),
      http.put('/api/endworker/item-sets/55/items/:itemId/annotation/', () =>
        apiError(409, 'The task already finished: it takes no more work.', 'task_finished'),
      ),
    )
    openScreen()
    for (const id of [11, 12]) {
      const field = (await itemCard(id)).getByRole('textbox', { name: 'Transcript' })
      await userEvent.click(field)
      await userEvent.paste(`item ${id}`)
    }
    await waitFor(() => expect(pendingOps()).toBe(2))

    await syncOutbox({ force: true })

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Unable to save annotations for items #11, #12')
    expect(within(alert).getAllByText('The task already finished.')).toHaveLength(1)
    expect(within(alert).getByRole('button', { name: 'Discard the 2 changes' })).toBeVisible()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    const field = (await itemCard(11)).getByRole('textbox', { name: 'Transcript' })
    expect(field).toHaveAttribute('readonly')
  })

  it('shows only the saved items, read-only, once the lock expired', async () => {
    const done = makeAnnotation({ is_done: true })
    server.use(...itemSetHandlers(makeItemSet({ expired: true, items: [makeItem(11, done)] })))
    openScreen()

    expect(await screen.findByText('The lock of this item set has expired')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Take new work' })).toHaveAttribute('href', '/tasks')
    const card = await itemCard(11)
    expect(card.getByRole('textbox', { name: 'Transcript' })).toHaveAttribute('readonly')
    expect(card.getByRole('switch', { name: 'Done' })).toBeDisabled()
  })

  it('opens from the device when the server cannot be reached', async () => {
    server.use(...itemSetHandlers(makeItemSet()))
    const online = openScreen()
    await typeTranscript(11, 'offline work')
    online.unmount()

    server.use(
      http.get('/api/endworker/item-sets/55/', () => HttpResponse.error()),
      http.get('/api/endworker/protocols/8/', () => HttpResponse.error()),
    )
    openScreen()
    expect((await itemCard(11)).getByRole('textbox', { name: 'Transcript' })).toHaveValue(
      'offline work',
    )
    // The protocol was kept with the set: everything needed is still on the device.
    expect(await screen.findByText('Available offline')).toBeVisible()
  })
})
