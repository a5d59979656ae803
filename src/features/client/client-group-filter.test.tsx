import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../test/api'
import { renderWithRouter } from '../../test/render'
import { ClientGroupFilter } from './client-group-filter'
import { acme, clientGroupsHandler, globex } from './definitions/test-fixtures'
import { useClientGroupFilter } from './use-client-group'

const server = setupApiServer()

function Selected() {
  const selected = useClientGroupFilter()
  return <output aria-label="selected group">{selected ?? 'all'}</output>
}

const page = (
  <>
    <ClientGroupFilter />
    <Selected />
  </>
)

describe('the Filter data client-group selector', () => {
  it('preselects the only client group', async () => {
    server.use(clientGroupsHandler([acme]))
    renderWithRouter(page)

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter data' })).toHaveValue('acme (Acme Ltd)'),
    )
    expect(screen.getByLabelText('selected group')).toHaveTextContent(String(acme.id))
  })

  it('filters by nothing until a group is chosen, then keeps the choice in the URL, from page 1', async () => {
    server.use(clientGroupsHandler([acme, globex]))
    const user = userEvent.setup({ delay: null })
    const { router } = renderWithRouter(page, { path: '/list?page=3&search=abc' })

    const select = await screen.findByRole('combobox', { name: 'Filter data' })
    expect(screen.getByLabelText('selected group')).toHaveTextContent('all')

    await user.click(select)
    await user.click(await screen.findByRole('option', { name: 'globex (Globex Corp)' }))

    await waitFor(() =>
      expect(screen.getByLabelText('selected group')).toHaveTextContent(String(globex.id)),
    )
    expect(router.state.location.search).toEqual({ client_group: globex.id, search: 'abc' })
  })

  it('reads a group from the URL', async () => {
    server.use(clientGroupsHandler([acme, globex]))
    renderWithRouter(page, { path: `/list?client_group=${acme.id}` })
    await waitFor(() =>
      expect(screen.getByLabelText('selected group')).toHaveTextContent(String(acme.id)),
    )
  })
})
