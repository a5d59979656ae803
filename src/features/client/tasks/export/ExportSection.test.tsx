import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Dump } from '../../../../../contract/client-tasks'
import { setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { installObjectUrls } from '../../../../widgets/test/browser'
import { makeDump, makeTask } from '../test-fixtures'
import { DUMP_POLL_MS, ExportSection } from './ExportSection'

const RESULTS = '{"item_id":1,"data":{"prompt":"one"},"annotations":[]}\n'

const server = setupApiServer()

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
afterEach(() => vi.useRealTimers())

/** The dump GET answers these in turn, then the last one again. */
function dumpAnswers(...answers: (Dump | null)[]) {
  let call = 0
  server.use(
    http.get('/api/client/tasks/41/dump_async/', () => {
      const answer = answers[Math.min(call++, answers.length - 1)]
      return HttpResponse.json(answer ?? null)
    }),
  )
}

describe('result export', () => {
  it('starts an export with the options, follows its progress and downloads the file', async () => {
    const { create } = installObjectUrls()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    let request: unknown
    server.use(
      http.post('/api/client/tasks/41/dump_async/', async ({ request: sent }) => {
        request = await sent.json()
        return HttpResponse.json(makeDump({ progress: 0, format: 'csv' }), { status: 201 })
      }),
      http.get('/api/client/tasks/41/dump_async/file/', () =>
        HttpResponse.text(RESULTS, { headers: { 'Content-Type': 'text/csv' } }),
      ),
    )
    dumpAnswers(
      null,
      makeDump({ progress: 40, format: 'csv' }),
      makeDump({ status: 'FINISHED', progress: 100, format: 'csv', file: '/api/x' }),
    )
    const scrolled: Element[] = []
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithRouter(<ExportSection task={makeTask()} />)

    expect(await screen.findByText('This task has not been exported yet.')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: /^Author ids/ }))
    await user.click(screen.getByRole('checkbox', { name: /^Reviews/ }))
    await user.click(screen.getByRole('checkbox', { name: /^Gold items/ }))
    await user.click(screen.getByRole('radio', { name: /^CSV/ }))
    await user.click(screen.getByRole('button', { name: 'Start the export' }))

    const latest = await screen.findByRole('region', { name: 'Latest export' })
    expect(within(latest).getByText('Processing')).toBeVisible()
    // It sits above the form just used: brought into view and focused.
    await waitFor(() => expect(latest).toHaveFocus())
    expect(scrolled).toContain(latest)
    expect(request).toEqual({
      include_annotation_attachment_uuid: false,
      include_author_id: true,
      include_data_ids: false,
      include_not_done_items: false,
      include_not_validated_annotations: false,
      remove_duplicates: false,
      fill_hidden_fields_with_defaults: false,
      include_review: true,
      include_gold: true,
      aggregate: false,
      format: 'csv',
    })
    expect(screen.getByRole('button', { name: 'Start the export' })).toBeDisabled()

    await act(() => vi.advanceTimersByTimeAsync(DUMP_POLL_MS))
    await waitFor(() =>
      expect(within(latest).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    )
    await act(() => vi.advanceTimersByTimeAsync(DUMP_POLL_MS))
    expect(await within(latest).findByText('Finished')).toBeVisible()
    expect(within(latest).queryByRole('progressbar')).not.toBeInTheDocument()

    await user.click(within(latest).getByRole('button', { name: 'Download' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('task-41-results.csv')
    expect(link.href).toBe('blob:test/1')
    const [saved] = create.mock.calls[0] ?? []
    expect(await (saved as Blob).text()).toBe(RESULTS)
  })

  it('shows the latest export on return and deletes it after a confirmation', async () => {
    let deleted = false
    server.use(
      http.delete('/api/client/tasks/41/dump_async/', () => {
        deleted = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    dumpAnswers(makeDump({ status: 'FAILED', error: 'The disk is full.' }))
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithRouter(<ExportSection task={makeTask()} />)

    const latest = await screen.findByRole('region', { name: 'Latest export' })
    expect(within(latest).getByText('The disk is full.')).toBeVisible()
    await user.click(within(latest).getByRole('button', { name: 'Delete the export' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the export?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('This task has not been exported yet.')).toBeVisible()
    expect(deleted).toBe(true)
  })

  it('lets the owner turn downloads on before exporting', async () => {
    let body: unknown
    server.use(
      http.patch('/api/client/tasks/41/', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(makeTask({ download_enabled: true }))
      }),
    )
    dumpAnswers(null)
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithRouter(<ExportSection task={makeTask({ download_enabled: false })} />)

    expect(
      await screen.findByText('Downloading results is turned off for this task.'),
    ).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Start the export' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Allow downloads' }))
    await waitFor(() => expect(body).toEqual({ download_enabled: true }))
  })
})
