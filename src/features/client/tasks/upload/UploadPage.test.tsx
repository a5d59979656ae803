import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { makeTaskType } from '../../definitions/test-fixtures'
import { UploadPage } from './UploadPage'

/** Stands in for XMLHttpRequest; the test plays the browser's upload events and the answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null
  readonly upload = new EventTarget()
  readonly headers: Record<string, string> = {}
  method = ''
  url = ''
  body: FormData | null = null
  status = 0
  statusText = ''
  responseText = ''
  aborted = false

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.last = this
  }
  abort() {
    this.aborted = true
    this.dispatchEvent(new Event('abort'))
  }
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(
        new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
      )
    })
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    act(() => {
      this.dispatchEvent(new Event('load'))
    })
  }
}

const languages = [
  { id: 1, code: 'pl', name: 'Polish' },
  { id: 2, code: 'en', name: 'English' },
]

const server = setupApiServer(
  http.get('/api/client/task-types/31/', () =>
    HttpResponse.json(
      makeTaskType({
        default_metadata: { source: 'radio' },
        projects: [{ id: 8, name: 'Voices' }],
        default_project: { id: 8, name: 'Voices' },
      }),
    ),
  ),
  http.get('/api/languages/', () => HttpResponse.json(languages)),
)

beforeEach(() => {
  FakeXhr.last = null
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['{"prompt":"one"}\n'], 'batch.jsonl', { type: 'application/x-ndjson' })
  await screen.findByRole('heading', { name: 'Upload data: Polish transcription' })
  await user.upload(
    document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement,
    file,
  )
  await user.click(screen.getByRole('combobox', { name: 'Base language' }))
  await user.click(await screen.findByRole('option', { name: 'Polish (pl)' }))
  await user.click(screen.getByRole('combobox', { name: 'Target language' }))
  await user.click(await screen.findByRole('option', { name: 'English (en)' }))
  await user.click(screen.getByRole('button', { name: 'Upload' }))
  await waitFor(() => expect(FakeXhr.last).not.toBeNull())
  return FakeXhr.last as FakeXhr
}

describe('data upload', () => {
  it('says what is missing before sending anything', async () => {
    const user = userEvent.setup()
    renderWithRouter(<UploadPage taskTypeId={31} />)
    await screen.findByRole('heading', { name: 'Upload data: Polish transcription' })

    await user.click(screen.getByRole('button', { name: 'Upload' }))
    expect(screen.getByText('Choose a data file.')).toBeVisible()
    expect(screen.getByText('Choose the base language.')).toBeVisible()
    expect(screen.getByText('Choose the target language.')).toBeVisible()
    expect(FakeXhr.last).toBeNull()
  })

  it('shows the upload progress with the time left, then follows the import', async () => {
    let polls = 0
    server.use(
      http.get('/api/client/tasks/41/processing/', () =>
        HttpResponse.json(
          polls++ === 0
            ? { status: 'PROCESSING', processed_items: 2, total_items: 4, error: null }
            : { status: 'CREATED', processed_items: 4, total_items: 4, error: null },
        ),
      ),
    )
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-03T10:00:00Z'))
    const user = userEvent.setup()
    renderWithRouter(<UploadPage taskTypeId={31} />)

    const request = await fillAndSend(user)
    expect(request.method).toBe('POST')
    expect(request.url).toBe('/api/client/tasks/')
    expect(request.headers['x-csrftoken']).toBe('test-token')
    const fields = Object.fromEntries(
      [...(request.body?.entries() ?? [])].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : value.name,
      ]),
    )
    expect(fields).toEqual({
      task_type: '31',
      base_language: '1',
      target_language: '2',
      settle_target_lang: 'false',
      metadata: '{"source":"radio"}',
      project: '8',
      start_task: 'false',
      file: 'batch.jsonl',
    })

    // 25 % after 10 s: 10 s × (100 − 25) / 25 = 30 s left.
    vi.setSystemTime(new Date('2026-03-03T10:00:10Z'))
    request.progress(250, 1000)
    const progress = screen.getByRole('region', { name: 'Upload' })
    expect(progress).toHaveTextContent('25% uploaded, about 0:00:30 left')
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    )
    // 80 % after 40 s: 40 s × 20 / 80 = 10 s left.
    vi.setSystemTime(new Date('2026-03-03T10:00:40Z'))
    request.progress(800, 1000)
    expect(progress).toHaveTextContent('80% uploaded, about 0:00:10 left')
    vi.useRealTimers()

    request.respond(201, { id: 41, status: 'PROCESSING', items_count: 4 })
    expect(await screen.findByText('Task #41 was created with 4 items.')).toBeVisible()
    expect(await screen.findByText('2 of 4 items processed')).toBeVisible()
    expect(await screen.findByText('The task is ready.', {}, { timeout: 3000 })).toBeVisible()
    expect(screen.getByText('4 of 4 items processed')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Open the task panel' })).toHaveAttribute(
      'href',
      '/client/tasks/41/panel',
    )
  })

  it('lists the problems the server found in the file, with their lines', async () => {
    const user = userEvent.setup()
    renderWithRouter(<UploadPage taskTypeId={31} />)
    const request = await fillAndSend(user)

    request.respond(400, {
      detail: 'The file was not accepted, nothing was created. Line 2: field prompt is missing.',
      code: 'validation_error',
      fields: {
        file: ['Line 2: field prompt is missing.', "Line 5: 'x' is not one of the options."],
      },
    })
    const problems = await screen.findByRole('list', { name: 'Problems in the file' })
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 2: field prompt is missing.', "Line 5: 'x' is not one of the options."])
    expect(screen.getByText('The file was not accepted. Nothing was created.')).toBeVisible()
    expect(screen.getAllByText(/The file was not accepted/)).toHaveLength(1)
    expect(screen.getByLabelText(/^Data file/)).toHaveAttribute('aria-invalid', 'true')
  })

  it('cancels an upload under way', async () => {
    const user = userEvent.setup()
    renderWithRouter(<UploadPage taskTypeId={31} />)
    const request = await fillAndSend(user)
    request.progress(100, 1000)

    await user.click(screen.getByRole('button', { name: 'Cancel the upload' }))
    expect(request.aborted).toBe(true)
    expect(await screen.findByText('The upload was cancelled. Nothing was created.')).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Upload' })).not.toBeInTheDocument()
  })
})
