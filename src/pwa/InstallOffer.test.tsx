import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/i18n'
import { storage } from '../storage'
import { screenMatching } from '../test/media-queries'
import { classesMissingFromStartUpStyles } from '../test/start-up-styles'
import { InstallOffer } from './InstallOffer'
import { heldInstallPrompt } from './install-prompt'

/** What Chromium fires when the app may be installed, answering its prompt with `outcome`. */
function firePromptEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  })
  act(() => {
    window.dispatchEvent(event)
  })
  return event
}

function renderOffer(apple = false) {
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <InstallOffer apple={apple} />
      </MantineProvider>
    </I18nProvider>,
  )
}

const offer = () => screen.queryByRole('region', { name: 'Install Crowdwork on this device' })

describe('the install offer', () => {
  afterEach(() => {
    heldInstallPrompt.event = undefined
    vi.restoreAllMocks()
  })

  it("shows the browser's prompt held since start-up, and goes once the app is installed", async () => {
    const event = firePromptEvent('accepted')
    expect(event.defaultPrevented).toBe(true)
    renderOffer()

    await userEvent.setup().click(screen.getByRole('button', { name: 'Install' }))
    expect(event.prompt).toHaveBeenCalledOnce()
    expect(offer()).not.toBeInTheDocument()
  })

  it('offers the prompt when the browser holds it out only after the page has loaded', () => {
    renderOffer()
    expect(offer()).not.toBeInTheDocument()
    firePromptEvent()
    expect(offer()).toBeInTheDocument()
  })

  it('is not shown on this device again once declined', async () => {
    firePromptEvent()
    const first = renderOffer()
    await userEvent.setup().click(screen.getByRole('button', { name: 'No, thanks' }))
    expect(offer()).not.toBeInTheDocument()
    expect(storage.get('installOfferDeclined')).toBe(true)
    first.unmount()

    firePromptEvent()
    renderOffer()
    expect(offer()).not.toBeInTheDocument()
  })

  it('is not shown where the app already runs installed', () => {
    screenMatching((query) => query === '(display-mode: standalone)')
    firePromptEvent()
    renderOffer()
    expect(offer()).not.toBeInTheDocument()
  })

  it('tells iPhone and iPad users how to add the app from Share', () => {
    renderOffer(true)
    expect(offer()).toHaveTextContent('tap Share, then Add to Home Screen')
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument()
    // Shown on the task list, which waits for no stylesheet beyond the start-up one.
    expect(classesMissingFromStartUpStyles()).toEqual([])
  })

  it('shows nothing where the browser offers no install', () => {
    renderOffer()
    expect(offer()).not.toBeInTheDocument()
  })
})
