import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer, signedInHandlers } from '../../../../test/api'
import { renderApp } from '../../../../test/render'
import { acme, clientGroupsHandler, globex } from '../../definitions/test-fixtures'

const groupsAsked: (string | null)[] = []
setupApiServer(
  ...signedInHandlers({ permissions: ['client'] }),
  clientGroupsHandler([acme, globex]),
  http.get('/api/client/stats', ({ request }) => {
    const group = new URL(request.url).searchParams.get('client_group')
    groupsAsked.push(group)
    return HttpResponse.json({
      annotations_done: group ? 12 : 30,
      items_done: group ? 6 : 15,
      items_total: group ? 8 : 60,
      last_modified: null,
    })
  }),
)

describe('overview', () => {
  it('shows the totals over every client group', async () => {
    renderApp('/client/tasks/overview')
    expect(
      await screen.findByText('15 of 60 items are done (25%); 45 are left.', {}, { timeout: 5000 }),
    ).toBeVisible()
    expect(groupsAsked).toEqual([null])
  })

  it("shows the totals of the group chosen in 'Filter data'", async () => {
    renderApp('/client/tasks/overview?client_group=5')
    expect(await screen.findByText('6 of 8 items are done (75%); 2 are left.')).toBeVisible()
    await waitFor(() => expect(groupsAsked).toContain('5'))
  })
})
