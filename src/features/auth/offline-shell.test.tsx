import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { storage } from '../../storage'
import { apiError, makeUser, setupApiServer } from '../../test/api'
import { renderApp } from '../../test/render'
import { resetOfflineDb } from '../annotate/test-fixtures'

const server = setupApiServer()
const user = makeUser({ username: 'anna', first_name: 'Anna' })

beforeEach(async () => {
  await resetOfflineDb()
  storage.set('user', user)
  storage.set('permissions', ['endworker'])
  storage.set('play_on_hover', true)
})

const unreachable = () => HttpResponse.error()

describe('the signed-in shell offline', () => {
  it('shows the account, the menu and the sync state from the device’s copy', async () => {
    server.use(http.all('/api/*', unreachable))
    const { router } = renderApp('/user')

    expect(
      await screen.findByText(
        'This is your account as this device last saw it. Changes can be saved once you are back online.',
      ),
    ).toBeVisible()
    expect(screen.queryByText('Your account could not be loaded.')).toBeNull()
    // The user menu and the sync indicator load after the first page is drawn.
    expect(await screen.findByRole('button', { name: 'anna' })).toBeVisible()
    expect(await screen.findByRole('button', { name: /^Sync status/ })).toBeVisible()
    expect(await screen.findByRole('link', { name: 'Tasks' })).toBeVisible()
    expect(screen.getByText('Hi, Anna!')).toBeVisible()
    expect(router.state.location.pathname).toBe('/user')
  })

  it('lets the server decide once it answers: a refused session signs out', async () => {
    server.use(
      http.get('/api/auth/current-user/', () =>
        apiError(401, 'Authentication credentials were not provided.', 'not_authenticated'),
      ),
      http.all('/api/*', unreachable),
    )
    const { router } = renderApp('/user')

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.queryByRole('button', { name: 'anna' })).toBeNull()
  })
})
