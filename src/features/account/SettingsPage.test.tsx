import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Preferences } from '../../../contract/auth'
import { activateDisplayLanguage, i18n } from '../../i18n/i18n'
import { storage } from '../../storage'
import { makeUser, setupApiServer } from '../../test/api'
import { SettingsPage } from './SettingsPage'
import { renderWithUser } from './test-fixtures'

let preferences: Preferences
const server = setupApiServer(
  http.get('/api/auth/current-user/preferences/', () => HttpResponse.json(preferences)),
)

function renderSettings(initial: Partial<Preferences> = {}) {
  preferences = {
    play_on_hover: false,
    overlapping_playback: false,
    stt_end_after_no_speech: true,
    ...initial,
  }
  return renderWithUser(<SettingsPage />, { user: makeUser() })
}

describe('settings', () => {
  it('saves a switch at once and mirrors it locally', async () => {
    const user = userEvent.setup()
    let body: unknown
    server.use(
      http.patch('/api/auth/current-user/preferences/', async ({ request }) => {
        body = await request.json()
        preferences = { ...preferences, ...(body as Partial<Preferences>) }
        return HttpResponse.json(preferences)
      }),
    )
    renderSettings()

    const playOnHover = await screen.findByRole('switch', { name: /^Play audio on hover/ })
    expect(playOnHover).not.toBeChecked()
    expect(screen.getByRole('switch', { name: /^Stop speech-to-text after silence/ })).toBeChecked()
    await user.click(playOnHover)

    expect(playOnHover).toBeChecked()
    await waitFor(() => expect(body).toEqual({ play_on_hover: true }))
    expect(storage.get('play_on_hover')).toBe(true)
    expect(playOnHover).toHaveAccessibleDescription(/when the pointer moves over them/)
  })

  it('puts the switch back and says so when the server refuses', async () => {
    const user = userEvent.setup()
    server.use(
      http.patch('/api/auth/current-user/preferences/', () =>
        HttpResponse.json({ detail: 'No.', code: 'validation_error' }, { status: 400 }),
      ),
    )
    renderSettings()

    const overlapping = await screen.findByRole('switch', { name: /^Overlapping playback/ })
    await user.click(overlapping)

    expect(
      await screen.findByText('Your setting could not be saved. Try again later.'),
    ).toBeVisible()
    expect(overlapping).not.toBeChecked()
    expect(storage.get('overlapping_playback')).toBe(false)
  })

  it('switches the display language, offering each by its own name', async () => {
    const user = userEvent.setup()
    renderSettings()
    await user.click(await screen.findByRole('combobox', { name: 'Language of the application' }))
    for (const name of ['English', 'Français', 'Polski', 'Русский']) {
      expect(screen.getByRole('option', { name })).toBeInTheDocument()
    }
    await user.click(screen.getByRole('option', { name: 'Polski' }))

    await waitFor(() => expect(i18n.locale).toBe('pl'))
    expect(storage.get('displayLanguage')).toBe('pl')
    await act(() => activateDisplayLanguage('en'))
  })
})
