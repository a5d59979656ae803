import { I18nProvider } from '@lingui/react'
import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/i18n'
import { screenMatching } from '../../test/media-queries'
import { ColorSchemeChoice } from './ColorSchemeChoice'

/** The provider as main.tsx sets it up: the system's scheme unless the device chose one. */
function renderChoice() {
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider defaultColorScheme="auto">
        <ColorSchemeChoice />
      </MantineProvider>
    </I18nProvider>,
  )
}

const shownScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme')

describe('the colour scheme choice', () => {
  afterEach(() => vi.restoreAllMocks())

  it('follows a dark system until the user picks a scheme, kept on the device', async () => {
    screenMatching((query) => query === '(prefers-color-scheme: dark)')
    const first = renderChoice()
    const user = userEvent.setup()
    expect(screen.getByRole('radio', { name: 'As the system' })).toBeChecked()
    expect(shownScheme()).toBe('dark')

    await user.click(screen.getByRole('radio', { name: 'Light' }))
    expect(shownScheme()).toBe('light')
    first.unmount()

    renderChoice()
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked()
    expect(shownScheme()).toBe('light')
    await user.click(screen.getByRole('radio', { name: 'As the system' }))
    expect(shownScheme()).toBe('dark')
  })

  it('shows dark on a light system once chosen', async () => {
    renderChoice()
    expect(shownScheme()).toBe('light')
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Dark' }))
    expect(shownScheme()).toBe('dark')
    expect(screen.getByRole('radiogroup', { name: 'Colour scheme' })).toHaveAccessibleDescription(
      'Kept on this device.',
    )
  })
})
