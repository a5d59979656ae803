import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { firstWorkStyleSheets } from '../../../scripts/first-work-split'
import { keepItemSetsSynced } from '../../features/annotate/sync'
import { firstWorkScreenHandlers, resetOfflineDb } from '../../features/annotate/test-fixtures'
import {
  instanceSettingsHandler,
  makeInstanceSettings,
  makeUser,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
import { renderApp } from '../../test/render'
import {
  classesMissingFromStartUpStyles,
  readPackageFile,
  startUpStyleImports,
} from '../../test/start-up-styles'

const server = setupApiServer()

/** Whether every component's styles (all-components.css) were asked for. */
const allStyles = vi.hoisted(() => ({ loaded: false }))
vi.mock('./all-components.css', () => {
  allStyles.loaded = true
  return {}
})

/** Mantine's whole stylesheets, in the order all-components.css loads them. */
const wholeCss =
  readPackageFile('@mantine/core/styles.layer.css') +
  readPackageFile('@mantine/notifications/styles.layer.css')

async function openSignedOut(path: string, options: { cookiesAccepted?: boolean } = {}) {
  server.use(...signedOutHandlers)
  const rendered = renderApp(path, options)
  await waitFor(() => expect(rendered.router.state.status).toBe('idle'))
  await waitFor(() => expect(screen.getByRole('contentinfo')).toBeInTheDocument())
  return rendered
}

describe('the start-up stylesheet', () => {
  it('restates parts of Mantine’s whole stylesheet in its order', () => {
    const positions = startUpStyleImports.map((specifier) => {
      const rules = readPackageFile(specifier)
        .replace(/^@layer mantine \{/, '')
        .slice(0, 120)
      return wholeCss.indexOf(rules)
    })
    expect(positions).not.toContain(-1)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })

  it.each(['/login', '/login/someone', '/oidc_failure', '/403', '/no-such-page'])(
    'styles everything %s draws, with the cookie notice',
    async (path) => {
      await openSignedOut(path, { cookiesAccepted: false })
      await screen.findByRole('dialog', { name: 'Our website uses cookies' })
      expect(classesMissingFromStartUpStyles()).toEqual([])
    },
  )

  it('styles the password form and its error', async () => {
    server.use(
      http.post('/api/auth/session/login/', () =>
        HttpResponse.json({ detail: 'Wrong password.' }, { status: 400 }),
      ),
    )
    await openSignedOut('/login')
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('button', { name: 'Sign in with username and password' }),
    )
    await user.type(await screen.findByLabelText(/Username or e-mail/), 'anna')
    await user.type(screen.getByLabelText(/^Password/), 'secret')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('alert')
    expect(classesMissingFromStartUpStyles()).toEqual([])
  })

  it('styles the language menu, the public-instance tooltip and the privacy policy', async () => {
    server.use(
      instanceSettingsHandler(makeInstanceSettings({ public_instance: true })),
      http.get('/api/information-clause/', () => HttpResponse.json('# Privacy\n\nWho we are.')),
    )
    await openSignedOut('/login')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Display language/ }))
    await screen.findByRole('menu')
    expect(classesMissingFromStartUpStyles()).toEqual([])
    await user.keyboard('{Escape}')

    await user.hover(await screen.findByText('Public instance!'))
    await screen.findByRole('tooltip')
    expect(classesMissingFromStartUpStyles()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }))
    await screen.findByText('Who we are.')
    expect(classesMissingFromStartUpStyles()).toEqual([])
    expect(allStyles.loaded).toBe(false)
  })

  it('holds every component the annotator’s screens and what they load can draw', () => {
    expect(firstWorkStyleSheets().filter((sheet) => !startUpStyleImports.includes(sheet))).toEqual(
      [],
    )
  })

  it('styles the task list and the annotation screen without waiting for every style', async () => {
    await resetOfflineDb()
    server.use(
      ...signedInHandlers({ user: makeUser(), permissions: ['endworker'] }),
      ...firstWorkScreenHandlers(),
    )
    const tasks = renderApp('/tasks')
    await screen.findByRole('article', { name: 'Transcribe the street' })
    await waitFor(() => expect(tasks.router.state.status).toBe('idle'))
    expect(classesMissingFromStartUpStyles()).toEqual([])
    tasks.unmount()

    const annotation = renderApp('/tasks/3/55')
    onTestFinished(keepItemSetsSynced(annotation.queryClient))
    await screen.findByRole('region', { name: 'Item #12' })
    await screen.findByText('Available offline')
    await userEvent.click(screen.getByRole('button', { name: 'Shortcuts of this screen' }))
    await screen.findByText('Keyboard shortcuts')
    expect(classesMissingFromStartUpStyles()).toEqual([])
    expect(allStyles.loaded).toBe(false)

    await annotation.router.navigate({ to: '/user/settings' })
    expect(allStyles.loaded).toBe(true)
  })
})
