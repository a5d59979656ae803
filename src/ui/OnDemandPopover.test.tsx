import { Button } from '@mantine/core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../test/render'
import { OnDemandPopover } from './OnDemandPopover'

function renderPopover(onClick = vi.fn()) {
  renderWithRouter(
    <OnDemandPopover target={<Button onClick={onClick}>Sync status</Button>}>
      Every change is on the server.
    </OnDemandPopover>,
  )
  return screen.findByRole('button', { name: 'Sync status' })
}

describe('a popover made on press (OnDemandPopover)', () => {
  it('is made at the first press of its target, which says it opens a dialog', async () => {
    const ownHandler = vi.fn()
    const target = await renderPopover(ownHandler)
    expect(target).toHaveAttribute('aria-haspopup', 'dialog')
    expect(target).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('dialog')).toBeNull()

    await userEvent.click(target)
    expect(await screen.findByRole('dialog')).toHaveTextContent('Every change is on the server.')
    expect(ownHandler).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Sync status' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  it('opens and closes as a popover once made', async () => {
    const user = userEvent.setup()
    await user.click(await renderPopover())
    await screen.findByRole('dialog')

    await user.click(screen.getByRole('button', { name: 'Sync status' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Sync status' }))
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('keeps the keyboard on its target when opened from the keyboard', async () => {
    const user = userEvent.setup()
    await renderPopover()
    await user.tab()
    await user.keyboard('{Enter}')

    await screen.findByRole('dialog')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync status' })).toHaveFocus())
  })
})
