import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { CoordinatorItemSet } from '../../../../contract/worker'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { coordinationGroupsHandler, keyPage } from '../keys/test-fixtures'
import { ItemSetsPage } from './ItemSetsPage'

const lockedSet: CoordinatorItemSet = {
  id: 41,
  task: { id: 5, description: 'Street recordings' },
  user: { id: 21, username: 'ola', first_name: 'Ola', last_name: 'Nowak' },
  items_done: 1,
  items_all: 3,
  progress: 33.33,
  created_timestamp: '2030-01-01T10:00:00Z',
  modified_timestamp: '2030-01-01T10:05:00Z',
  lock_expiration_timestamp: '2999-01-01T10:00:00Z',
  is_locked: true,
  flagged_items: 0,
  flags: { NO_ACTIVITY: 0, TOO_FAST: 0 },
}

const server = setupApiServer(coordinationGroupsHandler())

// Rendering a whole page with its queries takes seconds on a busy machine.
describe('the coordinator item sets page', { timeout: 15_000 }, () => {
  it('lists sets with worker, task and progress, and ends a lock after confirmation', async () => {
    const user = userEvent.setup()
    let body: { lock_expiration_timestamp?: string } | undefined
    let ended = false
    server.use(
      http.get('/api/coordinator/item-sets/', () =>
        HttpResponse.json(keyPage([{ ...lockedSet, is_locked: !ended }])),
      ),
      http.patch('/api/coordinator/item-sets/41/', async ({ request }) => {
        body = (await request.json()) as typeof body
        ended = true
        return HttpResponse.json({ ...lockedSet, is_locked: false })
      }),
    )
    renderWithRouter(<ItemSetsPage search={{}} onSearch={() => {}} />)

    const row = await screen.findByRole('row', { name: /#41/ }, { timeout: 4000 })
    expect(within(row).getByText('Street recordings')).toBeInTheDocument()
    expect(within(row).getByText('1 of 3 items')).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'End lock of set 41' }))
    const dialog = await screen.findByRole('dialog', { name: 'End the lock of set 41?' })
    await user.click(within(dialog).getByRole('button', { name: 'End lock' }))
    await waitFor(() => expect(body?.lock_expiration_timestamp).toBeDefined())
    expect(Date.parse(body?.lock_expiration_timestamp ?? '')).toBeLessThanOrEqual(Date.now())
    expect(await screen.findByText('Ended')).toBeInTheDocument()
    const endedRow = screen.getByRole('row', { name: /#41/ })
    expect(within(endedRow).getByText('1 of 3 items')).toBeInTheDocument()
    expect(within(endedRow).getByText('2 items went back to the pool')).toBeInTheDocument()
  })

  it('filters to flagged work and shows how many items carry each flag', async () => {
    const user = userEvent.setup()
    const seen: URL[] = []
    const patches: unknown[] = []
    server.use(
      http.get('/api/coordinator/item-sets/', ({ request }) => {
        seen.push(new URL(request.url))
        return HttpResponse.json(
          keyPage([{ ...lockedSet, flagged_items: 2, flags: { NO_ACTIVITY: 2, TOO_FAST: 1 } }]),
        )
      }),
    )
    renderWithRouter(
      <ItemSetsPage search={{ flagged: true }} onSearch={(patch) => patches.push(patch)} />,
    )

    const row = await screen.findByRole('row', { name: /#41/ }, { timeout: 4000 })
    expect(within(row).getByText('No activity: 2')).toBeInTheDocument()
    expect(within(row).getByText('Too fast: 1')).toBeInTheDocument()
    expect(seen.at(-1)?.searchParams.get('flagged')).toBe('true')
    await user.click(screen.getByRole('combobox', { name: 'Flagged work' }))
    await user.click(await screen.findByRole('option', { name: 'Without flagged work' }))
    expect(patches).toEqual([{ flagged: false, page: undefined }])
  })
})
