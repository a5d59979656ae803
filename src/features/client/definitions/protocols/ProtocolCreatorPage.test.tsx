import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { acme, clientGroupsHandler, makeProtocol } from '../test-fixtures'
import { ProtocolCreatorPage } from './ProtocolCreatorPage'

const server = setupApiServer(clientGroupsHandler([acme]))
afterEach(() => vi.restoreAllMocks())

async function renderCreator() {
  const user = userEvent.setup({ delay: null })
  const view = renderWithRouter(<ProtocolCreatorPage />, { path: '/creator' })
  await screen.findByRole('heading', { name: 'New task protocol' })
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Guidelines')
  return { user, ...view }
}

describe('the protocol creator', () => {
  it('writes a text protocol in Markdown with a preview, and sends it as JSON', async () => {
    let sent: { type: string | null; body: unknown } | null = null
    server.use(
      http.post('/api/client/task-protocols/', async ({ request }) => {
        sent = { type: request.headers.get('content-type'), body: await request.json() }
        return HttpResponse.json(makeProtocol({ id: 44 }), { status: 201 })
      }),
    )
    const { user, router } = await renderCreator()

    await user.type(
      screen.getByRole('textbox', { name: 'Protocol text (Markdown)' }),
      '# Rules{Enter}{Enter}Write **exactly** what you hear.',
    )
    const preview = screen.getByRole('region', { name: 'Protocol preview' })
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeVisible()
    expect(preview).toContainHTML('<strong>exactly</strong>')

    const days = screen.getByRole('textbox', { name: 'Show changes for (days)' })
    await user.clear(days)
    await user.type(days, '7')
    await user.click(screen.getByRole('button', { name: 'Create the protocol' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks-definitions/task-protocols/44'),
    )
    expect(sent).toEqual({
      type: 'application/json',
      body: {
        name: 'Guidelines',
        client_group: acme.id,
        serving_type: 'TXT',
        content: '# Rules\n\nWrite **exactly** what you hear.',
        show_changes_days: 7,
      },
    })
  })

  it('asks for the PDF before sending anything', async () => {
    let called = false
    server.use(
      http.post('/api/client/task-protocols/', () => {
        called = true
        return HttpResponse.json(makeProtocol(), { status: 201 })
      }),
    )
    const { user } = await renderCreator()
    await user.click(screen.getByRole('radio', { name: 'PDF file' }))
    await user.click(screen.getByRole('button', { name: 'Create the protocol' }))

    expect(await screen.findByText('Choose the PDF file.')).toBeVisible()
    expect(called).toBe(false)
  })

  it('uploads a PDF protocol as a multipart form', async () => {
    // jsdom's FormData cannot travel through Node's fetch to msw, so the form is caught as the
    // API client hands it to fetch, which is what a browser would send.
    let sent: RequestInit | undefined
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) !== '/api/client/task-protocols/') return realFetch(input, init)
      sent = init
      return HttpResponse.json(makeProtocol({ id: 45, serving_type: 'PDF' }), { status: 201 })
    })
    const { user, router } = await renderCreator()
    await user.click(screen.getByRole('radio', { name: 'PDF file' }))
    const pdf = new File(['%PDF-1.7 test'], 'rules.pdf', { type: 'application/pdf' })
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')
    if (!input) throw new Error('The file input is missing.')
    await user.upload(input, pdf)
    await user.click(screen.getByRole('button', { name: 'Create the protocol' }))

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks-definitions/task-protocols/45'),
    )
    expect(sent?.method).toBe('POST')
    // The browser writes the multipart boundary; a content type set by hand would lack it.
    expect(sent?.headers).not.toHaveProperty('Content-Type')
    const form = sent?.body
    if (!(form instanceof FormData)) throw new Error('The protocol was not sent as a form.')
    expect(Object.fromEntries([...form.entries()].filter(([key]) => key !== 'file'))).toEqual({
      name: 'Guidelines',
      client_group: String(acme.id),
      serving_type: 'PDF',
      content: '',
      show_changes_days: '0',
    })
    expect(form.get('file')).toMatchObject({
      name: 'rules.pdf',
      type: 'application/pdf',
      size: pdf.size,
    })
  })
})
