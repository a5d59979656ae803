import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Webhook, WebhookAttempt } from '../../../../contract/webhooks'
import { setupApiServer, signedInHandlers } from '../../../test/api'
import { screenOfWidth } from '../../../test/media-queries'
import { renderApp } from '../../../test/render'
import { acme, clientGroupsHandler } from '../definitions/test-fixtures'

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

const hook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 21,
  client_group: acme.id,
  url: 'https://hooks.example.org/crowd',
  events: ['task.import_finished'],
  active: true,
  created_at: '2026-11-02T10:00:00Z',
  ...overrides,
})

const attempt = (overrides: Partial<WebhookAttempt> = {}): WebhookAttempt => ({
  delivery_id: 'msg_one',
  event: 'task.import_finished',
  attempt: 1,
  attempted_at: '2026-11-02T10:05:00Z',
  status_code: 500,
  duration_ms: 1234,
  error: 'The receiver answered 500.',
  delivery_status: 'PENDING',
  next_attempt_at: '2026-11-02T10:05:30Z',
  ...overrides,
})

let webhooks: Webhook[] = []
let attempts: WebhookAttempt[] = []
const sent: { method: string; path: string; body: unknown }[] = []

const server = setupApiServer(
  ...signedInHandlers({ permissions: ['client'] }),
  clientGroupsHandler([acme]),
  http.get('/api/client/webhooks/', () => HttpResponse.json(webhooks)),
  http.get('/api/client/webhooks/:id/', ({ params }) => {
    const found = webhooks.find((webhook) => webhook.id === Number(params.id))
    return found
      ? HttpResponse.json(found)
      : HttpResponse.json({ detail: 'Webhook not found.', code: 'not_found' }, { status: 404 })
  }),
  http.get('/api/client/webhooks/:id/deliveries/', () => HttpResponse.json(attempts)),
)

beforeEach(() => {
  webhooks = []
  attempts = []
  sent.length = 0
})
afterEach(() => vi.restoreAllMocks())

describe('the webhooks page', () => {
  it('creates a webhook and shows its secret once, with a copy button', async () => {
    server.use(
      http.post('/api/client/webhooks/', async ({ request }) => {
        const body = (await request.json()) as Omit<Webhook, 'id' | 'created_at'>
        sent.push({ method: 'POST', path: 'webhooks', body })
        const created = hook({ ...body, id: 30 })
        webhooks = [created]
        return HttpResponse.json({ ...created, secret: SECRET }, { status: 201 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/client/webhooks')
    expect(await screen.findByText('No webhooks yet', {}, { timeout: 5000 })).toBeVisible()

    await user.click(screen.getAllByRole('button', { name: 'New webhook' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' })
    await user.click(within(dialog).getByRole('button', { name: 'Create the webhook' }))
    expect(await within(dialog).findByText('Choose at least one event.')).toBeVisible()
    expect(sent).toEqual([])

    await user.type(
      within(dialog).getByRole('textbox', { name: /Receiver URL/ }),
      'https://hooks.example.org/crowd',
    )
    await user.click(within(dialog).getByRole('checkbox', { name: /export is ready/ }))
    await user.click(within(dialog).getByRole('checkbox', { name: /A task was finished/ }))
    await user.click(within(dialog).getByRole('checkbox', { name: /quality gate stopped/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create the webhook' }))

    expect(await screen.findByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET)
    expect(screen.getByRole('button', { name: 'Copy the secret' })).toBeVisible()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'webhooks',
        body: {
          client_group: acme.id,
          url: 'https://hooks.example.org/crowd',
          events: ['task.export_finished', 'task.finished', 'quality.worker_stopped'],
          active: true,
        },
      },
    ])
    expect(
      await screen.findByRole('link', { name: 'https://hooks.example.org/crowd' }),
    ).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).toBeNull()
  })
})

describe('the new webhook form', () => {
  it("shows the server's refusal under the URL field", async () => {
    server.use(
      http.post('/api/client/webhooks/', () =>
        HttpResponse.json(
          {
            detail: 'url: must be an https:// URL',
            code: 'validation_error',
            fields: { url: ['must be an https:// URL'] },
          },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/client/webhooks')
    await user.click(
      (await screen.findAllByRole('button', { name: 'New webhook' }, { timeout: 5000 }))[0]!,
    )
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' })
    await user.type(
      within(dialog).getByRole('textbox', { name: /Receiver URL/ }),
      'http://hooks.example.org/crowd',
    )
    await user.click(within(dialog).getByRole('checkbox', { name: /A task was finished/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create the webhook' }))
    expect(
      await within(dialog).findByText('must be an https:// URL', {}, { timeout: 3000 }),
    ).toBeVisible()
    expect(screen.queryByRole('textbox', { name: 'Signing secret' })).toBeNull()
  })
})

describe('on a phone', () => {
  it('shows each webhook and each delivery attempt as a card', async () => {
    screenOfWidth(390)
    webhooks = [hook({ active: false })]
    attempts = [attempt()]
    renderApp('/client/webhooks')
    const link = await screen.findByRole(
      'link',
      { name: 'https://hooks.example.org/crowd' },
      { timeout: 5000 },
    )
    const card = link.closest('li')!
    expect(within(card).getByText('Inactive')).toBeVisible()
    expect(within(card).getByText("A task's data file was imported")).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()

    const user = userEvent.setup({ delay: null })
    await user.click(link)
    const retrying = await screen.findByText('Retrying')
    expect(within(retrying.closest('li')!).getByText('1,234 ms')).toBeVisible()
    expect(screen.queryByRole('table')).toBeNull()
  })
})

describe('a webhook page', () => {
  it('shows the delivery log and sends a test event', async () => {
    webhooks = [hook()]
    attempts = [attempt()]
    server.use(
      http.post('/api/client/webhooks/:id/test/', ({ params }) => {
        sent.push({ method: 'POST', path: `test/${params.id}`, body: null })
        attempts = [
          attempt({
            delivery_id: 'msg_two',
            event: 'webhook.test',
            status_code: 200,
            error: null,
            duration_ms: 87,
            delivery_status: 'SUCCEEDED',
            next_attempt_at: null,
          }),
          ...attempts,
        ]
        return HttpResponse.json({ delivery_id: 'msg_two', status: 'PENDING' }, { status: 202 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    renderApp('/client/webhooks/21')
    const log = await screen.findByRole('table', { name: 'Delivery log' }, { timeout: 5000 })
    expect(within(log).getByText('500')).toBeVisible()
    expect(within(log).getByText('Retrying')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Send test event' }))
    expect(await within(log).findByText('webhook.test')).toBeVisible()
    expect(within(log).getByText('Delivered')).toBeVisible()
    expect(sent).toEqual([{ method: 'POST', path: 'test/21', body: null }])
  })

  it('edits the webhook and deletes it after asking', async () => {
    webhooks = [hook()]
    server.use(
      http.patch('/api/client/webhooks/:id/', async ({ request }) => {
        const body = (await request.json()) as Partial<Webhook>
        sent.push({ method: 'PATCH', path: 'webhook', body })
        webhooks = [{ ...webhooks[0]!, ...body }]
        return HttpResponse.json(webhooks[0])
      }),
      http.delete('/api/client/webhooks/:id/', () => {
        sent.push({ method: 'DELETE', path: 'webhook', body: null })
        webhooks = []
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    const { router } = renderApp('/client/webhooks/21')
    expect(await screen.findByText('Nothing sent yet', {}, { timeout: 5000 })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit the webhook' })
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Inactive')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete the webhook?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/webhooks'))
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: 'webhook',
        body: {
          url: 'https://hooks.example.org/crowd',
          events: ['task.import_finished'],
          active: false,
        },
      },
      { method: 'DELETE', path: 'webhook', body: null },
    ])
  })
})
