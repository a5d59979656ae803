import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ExplorerAnnotation } from '../../../../../contract/client-tasks'
import { setupApiServer, signedInHandlers } from '../../../../test/api'
import { renderApp } from '../../../../test/render'
import { clientGroupsHandler } from '../../definitions/test-fixtures'
import { makeStats, makeTask, page } from '../test-fixtures'

const annotation: ExplorerAnnotation = {
  id: 301,
  item_id: 5,
  item_data: { prompt: 'Say hello' },
  item_gold: null,
  data: { transcript: 'helo', ok: 'true' },
  is_done: false,
  is_validating: false,
  errors: { transcript: ['Check the spelling.'] },
  warnings: {},
  info: { transcript: ['4 characters.'] },
  user: { id: 9, username: 'ola' },
  created: '2026-03-03T09:00:00Z',
  modified: '2026-03-03T09:30:00Z',
}

const calls: URLSearchParams[] = []
const server = setupApiServer(
  ...signedInHandlers({ permissions: ['client'] }),
  clientGroupsHandler(),
  http.get('/api/client/tasks/', () => HttpResponse.json(page([makeTask()]))),
  http.get('/api/client/tasks/41/', () => HttpResponse.json(makeTask())),
  http.get('/api/client/tasks/41/stats/', () => HttpResponse.json(makeStats())),
  http.get('/api/client/tasks/41/annotations/', ({ request }) => {
    calls.push(new URL(request.url).searchParams)
    return HttpResponse.json(page([explored], 12))
  }),
)

let explored = annotation

const lastCall = () => Object.fromEntries(calls.at(-1) ?? [])

describe('annotations explorer', () => {
  it('asks to choose a task first', async () => {
    renderApp('/client/tasks/annotations')
    expect(await screen.findByText('Choose a task', {}, { timeout: 5000 })).toBeVisible()
  })

  it('filters, orders and shows an annotation next to its item with its messages', async () => {
    const user = userEvent.setup()
    const { router } = renderApp('/client/tasks/annotations?task=41')

    await screen.findByRole('table', { name: 'Annotations' }, { timeout: 5000 })
    expect(lastCall()).toEqual({ ordering: 'id', offset: '0', limit: '10' })

    await user.click(screen.getByRole('combobox', { name: 'Worker' }))
    await user.click(await screen.findByRole('option', { name: 'ola' }))
    await user.click(screen.getByRole('combobox', { name: 'Errors' }))
    await user.click(await screen.findByRole('option', { name: 'With errors' }))
    await waitFor(() => expect(lastCall()).toMatchObject({ user: '9', has_errors: 'true' }))
    await user.click(screen.getByRole('button', { name: 'Changed' }))
    await waitFor(() => expect(lastCall()).toMatchObject({ ordering: 'modified' }))
    expect(router.state.location.search).toMatchObject({ task: 41, user: 9, errors: 'yes' })

    await user.click(screen.getByRole('button', { name: 'Show annotation #301' }))
    const item = screen.getByRole('table', { name: 'Item #5 data' })
    expect(within(item).getByRole('row', { name: /prompt/ })).toHaveTextContent('Say hello')
    const data = screen.getByRole('table', { name: 'Annotation data' })
    const transcript = within(data).getByRole('row', { name: /transcript/ })
    expect(transcript).toHaveTextContent('helo')
    expect(transcript).toHaveTextContent('ErrorCheck the spelling.')
    expect(transcript).toHaveTextContent('Info4 characters.')
  })

  it('makes the item gold from the annotation, corrected, then an ordinary item again', async () => {
    explored = annotation
    let sent: unknown = null
    let removed = false
    server.use(
      http.put('/api/client/tasks/41/items/5/gold/', async ({ request }) => {
        sent = await request.json()
        if ((sent as { expected: Record<string, string> }).expected.ok === 'maybe') {
          return HttpResponse.json(
            {
              code: 'validation_error',
              detail: 'The expected answer does not fit the schema: expected.ok.',
              fields: { 'expected.ok': ['must be true or false.'] },
            },
            { status: 400 },
          )
        }
        explored = { ...annotation, item_gold: { transcript: 'hello' } }
        return HttpResponse.json({
          item_id: 5,
          expected: { transcript: 'hello' },
          set_by: { id: 1, username: 'client' },
          set_at: '2026-03-04T10:00:00Z',
        })
      }),
      http.delete('/api/client/tasks/41/items/5/gold/', () => {
        removed = true
        explored = annotation
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    renderApp('/client/tasks/annotations?task=41')
    await user.click(
      await screen.findByRole('button', { name: 'Show annotation #301' }, { timeout: 5000 }),
    )
    await user.click(screen.getByRole('button', { name: 'Use as gold' }))
    const form = screen.getByRole('form', { name: 'Expected answer of item #5' })
    const transcript = within(form).getByRole('textbox', { name: 'transcript' })
    const ok = within(form).getByRole('textbox', { name: 'ok' })
    expect(transcript).toHaveValue('helo')
    expect(ok).toHaveValue('true')

    await user.clear(ok)
    await user.type(ok, 'maybe')
    await user.click(within(form).getByRole('button', { name: 'Save the expected answer' }))
    await waitFor(() =>
      expect(ok).toHaveAccessibleDescription(expect.stringContaining('must be true or false.')),
    )

    await user.clear(transcript)
    await user.type(transcript, 'hello')
    await user.clear(ok)
    await user.click(within(form).getByRole('button', { name: 'Save the expected answer' }))
    await waitFor(() => expect(sent).toEqual({ expected: { transcript: 'hello' } }))
    const expected = await screen.findByRole('table', { name: 'Expected answer' })
    expect(within(expected).getByRole('row', { name: /transcript/ })).toHaveTextContent('hello')
    expect(
      within(screen.getByRole('table', { name: 'Annotations' })).getAllByText('Gold').length,
    ).toBeGreaterThan(0)

    await user.click(screen.getByRole('button', { name: 'Stop using as gold' }))
    await waitFor(() => expect(removed).toBe(true))
    expect(await screen.findByRole('button', { name: 'Use as gold' })).toBeVisible()
    expect(screen.queryByRole('table', { name: 'Expected answer' })).toBeNull()
  })
})
