import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Workbox } from 'workbox-window'
import { i18n } from '../i18n/i18n'
import { classesMissingFromStartUpStyles } from '../test/start-up-styles'
import { UPDATE_CHECK_INTERVAL_MS, UpdatePrompt } from './UpdatePrompt'

/**
 * The browser side of service workers, faked just enough for the real workbox-window to drive
 * its lifecycle events: the prompt is tested against Workbox itself, not a stand-in.
 */
class FakeServiceWorker extends EventTarget {
  readonly scriptURL = new URL('/sw.js', location.href).href
  state: ServiceWorkerState
  readonly postMessage = vi.fn()

  constructor(state: ServiceWorkerState) {
    super()
    this.state = state
  }

  moveTo(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeServiceWorker | null = null
  waiting: FakeServiceWorker | null = null
  active: FakeServiceWorker | null = null
  readonly update = vi.fn(async () => {})
}

class FakeContainer extends EventTarget {
  controller: FakeServiceWorker | null = null
  readonly registration = new FakeRegistration()
  readonly register = vi.fn(async () => this.registration)

  /** What the browser does when a worker activates and takes this page over. */
  takeControl(worker: FakeServiceWorker) {
    this.controller = worker
    this.dispatchEvent(new Event('controllerchange'))
  }
}

let container: FakeContainer

beforeEach(() => {
  container = new FakeContainer()
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container })
})

afterEach(() => {
  notifications.clean()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function renderPrompt(reload = vi.fn()) {
  const workbox = new Workbox('/sw.js', { type: 'module' })
  render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider env="test">
          <Notifications />
          <UpdatePrompt workbox={workbox} reload={reload} />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  )
  return { reload, workbox }
}

/** A page running version 1 while version 2 installed in the background and waits. */
function versionWaiting() {
  const current = new FakeServiceWorker('activated')
  const next = new FakeServiceWorker('installed')
  container.controller = current
  container.registration.active = current
  container.registration.waiting = next
  return { current, next }
}

const prompt = () => screen.queryByText('A new version is available')

describe('update prompt', () => {
  it('registers the worker once, as a module', async () => {
    renderPrompt()
    await waitFor(() => expect(container.register).toHaveBeenCalled())
    expect(container.register).toHaveBeenCalledTimes(1)
    expect(container.register).toHaveBeenCalledWith('/sw.js', { type: 'module' })
  })

  it('offers a waiting version; Reload lets it take over, then reloads the page', async () => {
    const user = userEvent.setup()
    const { next } = versionWaiting()
    const { reload } = renderPrompt()

    expect(await screen.findByText('A new version is available')).toBeVisible()
    // Offered on the sign-in page too, which has the start-up stylesheet only.
    expect(classesMissingFromStartUpStyles()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Reload' }))

    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }, expect.anything())
    // Reloading before the new worker controls the page would load the old version again.
    expect(reload).not.toHaveBeenCalled()

    act(() => {
      next.moveTo('activated')
      container.takeControl(next)
    })
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('keeps the current version when the user chooses Later', async () => {
    const user = userEvent.setup()
    const { next } = versionWaiting()
    const { reload } = renderPrompt()

    await screen.findByText('A new version is available')
    await user.click(screen.getByRole('button', { name: 'Later' }))

    expect(prompt()).toBeNull()
    expect(next.postMessage).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads at once when another tab already switched to the new version', async () => {
    const user = userEvent.setup()
    const { next } = versionWaiting()
    const { reload } = renderPrompt()
    await screen.findByText('A new version is available')
    await user.click(screen.getByRole('button', { name: 'Later' }))

    act(() => {
      next.moveTo('activated')
      container.takeControl(next)
    })
    // This page's code is now older than its worker: the offer comes back.
    expect(await screen.findByText('A new version is available')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('says once that the app is ready offline when the first worker activates', async () => {
    const { reload } = renderPrompt()
    await waitFor(() => expect(container.register).toHaveBeenCalled())

    const first = new FakeServiceWorker('installing')
    act(() => {
      container.registration.installing = first
      container.registration.dispatchEvent(new Event('updatefound'))
      first.moveTo('installed')
      first.moveTo('activating')
      first.moveTo('activated')
      // The worker claims the page on its first install.
      container.takeControl(first)
    })

    expect(await screen.findByText('Ready to work offline')).toBeVisible()
    expect(screen.getAllByText('Ready to work offline')).toHaveLength(1)
    expect(screen.getByText('Ready to work offline').closest('[data-position]')).toHaveAttribute(
      'data-position',
      'bottom-center',
    )
    expect(prompt()).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('offers nothing when the first install, begun by an earlier page, takes over this one', async () => {
    // The previous page of the first visit registered the worker; this page loaded before it
    // activated, so nothing controls it yet.
    const first = new FakeServiceWorker('installing')
    container.registration.installing = first
    const { reload } = renderPrompt()
    await waitFor(() => expect(container.register).toHaveBeenCalled())

    act(() => {
      first.moveTo('installed')
      container.registration.installing = null
      container.registration.active = first
      first.moveTo('activating')
      first.moveTo('activated')
      container.takeControl(first)
    })

    await waitFor(() => expect(container.controller).toBe(first))
    expect(prompt()).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('offers a version found while the page is open, without announcing offline readiness again', async () => {
    const user = userEvent.setup()
    const current = new FakeServiceWorker('activated')
    container.controller = current
    container.registration.active = current
    const { reload } = renderPrompt()
    await waitFor(() => expect(container.register).toHaveBeenCalled())

    const next = new FakeServiceWorker('installing')
    act(() => {
      container.registration.installing = next
      container.registration.dispatchEvent(new Event('updatefound'))
      container.registration.installing = null
      container.registration.waiting = next
      next.moveTo('installed')
    })
    expect(await screen.findByText('A new version is available')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }, expect.anything())
    act(() => {
      container.registration.waiting = null
      container.registration.active = next
      next.moveTo('activating')
      next.moveTo('activated')
      container.takeControl(next)
    })
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByText('Ready to work offline')).toBeNull()
  })

  it('looks for a new version periodically while online', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    renderPrompt()
    await waitFor(() => expect(container.register).toHaveBeenCalled())
    // Let Workbox store the registration it awaited.
    await act(async () => {})

    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    expect(container.registration.update).toHaveBeenCalledTimes(1)

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await act(async () => vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS))
    expect(container.registration.update).toHaveBeenCalledTimes(1)
  })

  it('does nothing without a service worker (development builds)', () => {
    render(
      <I18nProvider i18n={i18n}>
        <MantineProvider env="test">
          <UpdatePrompt workbox={null} />
        </MantineProvider>
      </I18nProvider>,
    )
    expect(prompt()).toBeNull()
  })
})
