import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { CoordinationGroupFilter } from './CoordinationGroupFilter'
import { coordinationGroupsHandler, northTeam, southTeam } from './keys/test-fixtures'
import { useCoordinationGroupFilter } from './use-coordination-group'

const server = setupApiServer()

function Selected() {
  const selected = useCoordinationGroupFilter()
  return <output aria-label="selected group">{selected ?? 'all'}</output>
}

const page = (
  <>
    <CoordinationGroupFilter />
    <Selected />
  </>
)

describe('the coordination-group selector', () => {
  it('preselects the only coordination group', async () => {
    server.use(coordinationGroupsHandler([northTeam]))
    renderWithRouter(page)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Coordination group' })).toHaveValue(
        'North team',
      ),
    )
    expect(screen.getByLabelText('selected group')).toHaveTextContent(String(northTeam.id))
  })

  it('shows all groups until one is chosen, then keeps the choice in the URL', async () => {
    server.use(coordinationGroupsHandler([northTeam, southTeam]))
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithRouter(page, { path: '/list?search=abc' })

    const select = await screen.findByRole('combobox', { name: 'Coordination group' })
    expect(screen.getByLabelText('selected group')).toHaveTextContent('all')
    await user.click(select)
    await user.click(await screen.findByRole('option', { name: 'South team' }))

    await waitFor(() =>
      expect(screen.getByLabelText('selected group')).toHaveTextContent(String(southTeam.id)),
    )
    expect(router.state.location.search).toEqual({
      coordination_group: southTeam.id,
      search: 'abc',
    })
  })

  it('ignores a group in the URL that is not one of the user’s', async () => {
    server.use(coordinationGroupsHandler([northTeam, southTeam]))
    renderWithRouter(page, { path: '/list?coordination_group=999' })
    await screen.findByRole('combobox', { name: 'Coordination group' })
    await waitFor(() => expect(screen.getByLabelText('selected group')).toHaveTextContent('all'))
  })
})
