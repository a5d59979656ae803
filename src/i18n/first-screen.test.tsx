import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storage } from '../storage'
import { makeUser, setupApiServer, signedInHandlers, signedOutHandlers } from '../test/api'
import { renderApp } from '../test/render'
import { i18n } from './i18n'

const server = setupApiServer()

/** Ids of messages looked up while not loaded: a production build would show the id itself. */
let missing: string[] = []
const recordMissing = ({ id }: { id: string }) => missing.push(id)
beforeEach(() => {
  missing = []
  i18n.on('missing', recordMissing)
})
afterEach(() => i18n.removeListener('missing', recordMissing))

async function settle(router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.status).toBe('idle'))
  await waitFor(() => expect(screen.getByRole('contentinfo')).toBeInTheDocument())
}

describe('the first-screen English catalog of the start-up script', () => {
  it('gets the signed-in frame’s messages when its header shows on a page outside the guard', async () => {
    const user = makeUser()
    server.use(...signedInHandlers({ user }))
    storage.set('user', user)
    const firstScreenCount = Object.keys(i18n.messages).length
    const { router } = renderApp('/no-such-page')
    await settle(router)
    await userEvent.click(await screen.findByRole('button', { name: user.username }))
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument()
    expect(Object.keys(i18n.messages).length).toBeGreaterThan(firstScreenCount)
    expect(missing).toEqual([])
  })

  it.each([
    '/login',
    '/login/someone',
    '/register',
    '/recover',
    '/reset?token=abc',
    '/oidc_failure',
    '/403',
    '/no-such-page',
  ])('holds every message of %s, with the cookie notice', async (path) => {
    server.use(...signedOutHandlers)
    const { router } = renderApp(path, { cookiesAccepted: false })
    await settle(router)
    await screen.findByRole('dialog', { name: 'Our website uses cookies' })
    expect(missing).toEqual([])
  })

  it('holds the password form of the sign-in page', async () => {
    server.use(...signedOutHandlers)
    const { router } = renderApp('/login')
    await settle(router)
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sign in with username and password' }),
    )
    await screen.findByRole('button', { name: 'Sign in' })
    expect(missing).toEqual([])
  })

  it('is completed before a signed-in page renders', async () => {
    server.use(...signedInHandlers({ user: makeUser() }))
    const { router } = renderApp('/user/settings')
    await settle(router)
    expect(router.state.location.pathname).toBe('/user/settings')
    expect(missing).toEqual([])
  })
})
