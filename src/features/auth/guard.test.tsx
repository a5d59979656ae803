import { screen, waitFor, within } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { storage } from '../../storage'
import {
  apiError,
  dropSessionHint,
  holdSessionHint,
  makeUser,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
import { createTestQueryClient, renderApp } from '../../test/render'
import { authKeys } from './queries'
import { clearLocalSession } from './session'

const server = setupApiServer()

describe('navigation guard', () => {
  it('sends a visitor without a session to the login page, keeping the requested page', async () => {
    server.use(...signedOutHandlers)
    const { router } = renderApp('/coordinator/users/list?search=ann')

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/coordinator/users/list?search=ann' })
  })

  it('asks the server nothing for a visitor whose browser holds no session', async () => {
    dropSessionHint()
    let asked = 0
    server.use(
      http.get('/api/auth/current-user/', () => {
        asked++
        return apiError(401, 'Authentication credentials were not provided.', 'not_authenticated')
      }),
    )
    const { router } = renderApp('/tasks')

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(asked).toBe(0)
  })

  it('asks for the permissions beside the user on a page load, not after the answer', async () => {
    const calls: string[] = []
    server.use(
      http.get('/api/auth/current-user/', async () => {
        calls.push('user asked')
        await delay(50)
        calls.push('user answered')
        return HttpResponse.json(makeUser())
      }),
      http.get('/api/auth/current-user/permissions/', () => {
        calls.push('permissions asked')
        return HttpResponse.json(['endworker'])
      }),
      ...signedInHandlers(),
    )
    clearLocalSession(createTestQueryClient())
    holdSessionHint()
    const { router } = renderApp('/tasks')

    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tasks')
    expect(calls.filter((call) => call === 'permissions asked')).toHaveLength(1)
    expect(calls.indexOf('permissions asked')).toBeLessThan(calls.indexOf('user answered'))
  })

  it('shows Permission denied when the area needs a role the user lacks', async () => {
    server.use(...signedInHandlers({ permissions: ['endworker'] }))
    const { router } = renderApp('/coordinator/users/list')

    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/403')
  })

  it('lets staff into every area, the finance one included', async () => {
    server.use(...signedInHandlers({ permissions: ['staff'] }))
    const { router } = renderApp('/finance')

    expect(await screen.findByRole('heading', { name: 'Finance exports' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/finance/finance-exports')
  })

  it('resets the session and asks to sign in again when permissions cannot be fetched', async () => {
    let sessionOpen = true
    server.use(
      http.get('/api/auth/current-user/', () =>
        sessionOpen
          ? HttpResponse.json(makeUser())
          : apiError(401, 'Not signed in.', 'not_authenticated'),
      ),
      http.get('/api/auth/current-user/permissions/', () => apiError(500, 'Boom')),
      http.post('/api/auth/session/logout/', () => {
        sessionOpen = false
        return HttpResponse.json({ detail: 'Signed out.' })
      }),
      http.post('/api/auth/oidc/logout/', () => HttpResponse.json({ detail: 'Signed out.' })),
    )
    holdSessionHint()
    const { router } = renderApp('/tasks')

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/tasks' })
    expect(storage.get('permissions')).toEqual([])
    expect(sessionOpen).toBe(false)
  })

  it('sends a signed-in visitor of the login page to the kept redirect', async () => {
    server.use(...signedInHandlers())
    const { router } = renderApp('/login?redirect=%2Ftimelogs')

    expect(await screen.findByRole('heading', { name: 'Time logs' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/timelogs')
  })

  it('never follows a redirect to another site', async () => {
    server.use(
      ...signedInHandlers(),
      http.get('/api/languages/', () => HttpResponse.json([])),
    )
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2F')

    await waitFor(() => expect(router.state.location.pathname).toBe('/user'))
  })

  it('opens the default child of an area', async () => {
    server.use(...signedInHandlers({ permissions: ['reviewer'] }))
    const { router } = renderApp('/review')

    expect(
      await screen.findByRole('heading', { name: 'Available Review Items' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/review/perform')
  })

  it('shows Page not found for an unknown path, with a way home', async () => {
    server.use(...signedOutHandlers)
    renderApp('/no/such/page')

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull()
  })

  it('keeps the signed-in header on Page not found opened by a full page load', async () => {
    server.use(...signedInHandlers({ permissions: ['endworker'] }))
    storage.set('user', makeUser())
    renderApp('/no/such/page')

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' })
    expect(await within(navigation).findByRole('link', { name: /Tasks/ })).toBeInTheDocument()
  })

  it('checks a user restored from storage before trusting it outside the guard', async () => {
    server.use(...signedInHandlers())
    const outdated = makeUser({ clause_accepted_date: null })
    storage.set('user', outdated)
    const queryClient = createTestQueryClient()
    // What the persisted cache restores: the user as an earlier page load saw them.
    queryClient.setQueryData(authKeys.currentUser(), outdated, { updatedAt: 0 })
    renderApp('/no/such/page', { queryClient })

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    await waitFor(() =>
      expect(queryClient.getQueryData(authKeys.currentUser())).toEqual(makeUser()),
    )
    // The clause was accepted since: the restored copy must not ask for it again.
    expect(screen.queryByRole('dialog', { name: 'Information clause' })).toBeNull()
  })

  it('shows the visitor header when the stored session has ended on the server', async () => {
    server.use(...signedOutHandlers)
    storage.set('user', makeUser())
    renderApp('/no/such/page')

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull(),
    )
  })
})
