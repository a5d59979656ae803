import { Button } from '@mantine/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithRouter } from '../test/render'
import { OnDemandTooltip } from './OnDemandTooltip'

function renderTooltip(onPointerEnter = vi.fn()) {
  renderWithRouter(
    <OnDemandTooltip label="Inserts the sign">
      <Button onPointerEnter={onPointerEnter}>ą</Button>
    </OnDemandTooltip>,
  )
  return screen.findByRole('button', { name: 'ą' })
}

describe('OnDemandTooltip', () => {
  it('is not in the page until its target is pointed at, and leaves with the pointer', async () => {
    const ownHandler = vi.fn()
    const target = await renderTooltip(ownHandler)
    expect(screen.queryByRole('tooltip')).toBeNull()

    await userEvent.hover(target)
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Inserts the sign')
    expect(ownHandler).toHaveBeenCalled()

    await userEvent.unhover(target)
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
  })

  it('shows for keyboard focus and closes with Escape, keeping the same target element', async () => {
    const user = userEvent.setup()
    const target = await renderTooltip()
    await user.tab()
    expect(target).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Inserts the sign')

    fireEvent.keyDown(target, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull())
    expect(screen.getByRole('button', { name: 'ą' })).toBe(target)
    expect(target).toHaveFocus()
  })
})
