import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestQueryClient, TestProviders } from '../../test/render'

describe('display language menu before the page has settled', () => {
  beforeEach(() => {
    // A page still loading: the menu's code waits, only its button is drawn.
    vi.resetModules()
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
  })

  it('opens at the first press, loading its code then', async () => {
    const { DisplayLanguageMenu } = await import('./DisplayLanguageMenu')
    const user = userEvent.setup()
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <DisplayLanguageMenu />
      </TestProviders>,
    )
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Display language EN: English' }))

    expect(await screen.findByRole('menuitem', { name: 'Français' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  })
})
