import { Button, Menu } from '@mantine/core'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithRouter } from '../test/render'
import { MadeOnPress } from './MadeOnPress'

describe('a menu made on press', () => {
  it('opens at the first press and gives the keyboard back to its target when closed', async () => {
    const user = userEvent.setup()
    renderWithRouter(
      <MadeOnPress
        popup="menu"
        target={<Button>Account</Button>}
        make={(target, state) => (
          <Menu {...state}>
            <Menu.Target>{target}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Item>Settings</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      />,
    )
    expect(await screen.findByRole('button', { name: 'Account' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    )
    await user.tab()
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus())
  })
})
