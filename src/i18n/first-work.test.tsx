import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { keepItemSetsSynced } from '../features/annotate/sync'
import { firstWorkScreenHandlers, resetOfflineDb } from '../features/annotate/test-fixtures'
import { makeUser, setupApiServer, signedInHandlers } from '../test/api'
import { renderApp } from '../test/render'
import { i18n } from './i18n'

const server = setupApiServer()
const user = makeUser()

/** Ids of messages looked up while not loaded: a production build would show the id itself. */
let missing: string[] = []
const recordMissing = ({ id }: { id: string }) => missing.push(id)
beforeEach(async () => {
  missing = []
  i18n.on('missing', recordMissing)
  await resetOfflineDb()
  server.use(
    ...signedInHandlers({ user, permissions: ['endworker'] }),
    ...firstWorkScreenHandlers(),
  )
})
afterEach(() => i18n.removeListener('missing', recordMissing))

/** Messages of the first-screen catalog and the whole one, once each is loaded. */
const loadedCount = () => Object.keys(i18n.messages).length

describe('the first-work English catalog', () => {
  it('holds every message of the task list and the signed-in frame', async () => {
    const { router } = renderApp('/tasks')

    expect(await screen.findByRole('article', { name: 'Transcribe the street' })).toBeVisible()
    expect(await screen.findByRole('button', { name: user.username })).toBeVisible()
    await waitFor(() => expect(router.state.status).toBe('idle'))
    expect(missing).toEqual([])
  })

  it('holds every message of the annotation screen, its items and its protocol', async () => {
    const view = renderApp('/tasks/3/55')
    onTestFinished(keepItemSetsSynced(view.queryClient))

    const item = within(await screen.findByRole('region', { name: 'Item #12' }))
    expect(item.getByText('Not started')).toBeVisible()
    expect(await screen.findByText('Available offline')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Shortcuts of this screen' }))
    expect(await screen.findByRole('dialog')).toBeVisible()
    expect(missing).toEqual([])
  })

  it('is a fraction of the whole catalog, which another area loads before its page', async () => {
    const firstWork = loadedCount()
    const { router } = renderApp('/user/settings')

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/settings'))
    await waitFor(() => expect(loadedCount()).toBeGreaterThan(firstWork * 2))
    expect(missing).toEqual([])
  })
})
