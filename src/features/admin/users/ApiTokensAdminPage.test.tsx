import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminApiToken } from '../../../../contract/api-tokens'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { apiToken } from '../../account/test-fixtures'
import { ApiTokensAdminPage } from './ApiTokensAdminPage'

const server = setupApiServer()

const owned = (id: number, username: string): AdminApiToken => ({
  ...apiToken(id, { name: `${username}'s script` }),
  user: { id: 100 + id, username },
})

describe("the staff's API tokens page", () => {
  it("lists every user's tokens with their owners and revokes one once confirmed", async () => {
    const user = userEvent.setup({ delay: null })
    let listed = [owned(1, 'ann'), owned(2, 'bob')]
    const revoked: string[] = []
    server.use(
      http.get('/api/admin/api-tokens/', () =>
        HttpResponse.json({ count: listed.length, next: null, previous: null, results: listed }),
      ),
      http.delete('/api/admin/api-tokens/:id/', ({ params }) => {
        revoked.push(String(params.id))
        listed = listed.filter((token) => String(token.id) !== params.id)
        return new HttpResponse(null, { status: 204 })
      }),
    )
    renderWithRouter(<ApiTokensAdminPage />)

    const table = await screen.findByRole('table', { name: 'API tokens of every user' })
    expect(within(table).getByRole('row', { name: /ann's script/ })).toHaveTextContent('ann')
    await user.click(within(table).getByRole('button', { name: "Revoke the token bob's script" }))
    const dialog = await screen.findByRole('dialog', { name: "Revoke the token bob's script?" })
    expect(dialog).toHaveTextContent("Scripts using bob's token stop working at once.")
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(revoked).toEqual(['2']))
    await waitFor(() => expect(screen.queryByRole('row', { name: /bob's script/ })).toBeNull())
  })
})
