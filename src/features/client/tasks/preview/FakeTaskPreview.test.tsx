import { useRouterState } from '@tanstack/react-router'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { TaskSchemaDocument } from '../../../../../contract/task-schema'
import { setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { installObjectUrls } from '../../../../widgets/test/browser'
import { makeSchema, place } from '../../definitions/test-fixtures'
import { formatDateTime } from '../format'
import { makeFakeTask, makeTask } from '../test-fixtures'
import { FakeItems } from './FakeItems'
import { FakeTaskLayout } from './FakeTaskLayout'

const PICTURE = '0f8fad5b-d9cb-469f-a165-70867728950e'

const document_: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(0, 0, 6),
    },
    picture: {
      widget: { config: { component: 'image', label: 'Picture' } },
      grid_placement: place(0, 1, 6),
    },
  },
  annotation_schema: {
    transcript: {
      widget: { config: { component: 'textarea', label: 'Transcript' } },
      grid_placement: place(1, 0),
      data_type: 'string',
    },
  },
}

const item = (id: number, prompt: string) => ({
  id,
  task_id: 41,
  data: { prompt, picture: { uuid: PICTURE } },
  annotations: [],
  rows: [],
})

const mediaRequests: string[] = []
setupApiServer(
  http.get('/api/client/tasks/41/', () => HttpResponse.json(makeTask({ items_per_set: 2 }))),
  http.get('/api/client/fake-tasks/41/', ({ request }) => {
    const offset = Number(new URL(request.url).searchParams.get('offset'))
    return HttpResponse.json(
      offset === 0
        ? makeFakeTask({ items: [item(5, 'Say hello'), item(6, 'Say goodbye')], items_count: 2 })
        : makeFakeTask({
            offset: 2,
            next_offset: null,
            items: [item(7, 'Count to three')],
            items_count: 1,
          }),
    )
  }),
  http.get('/api/client/task-schemas/11/', () =>
    HttpResponse.json(makeSchema({ schema: document_ })),
  ),
  http.get('/api/auth/current-user/preferences/', () =>
    HttpResponse.json({
      play_on_hover: false,
      overlapping_playback: false,
      stt_end_after_no_speech: false,
    }),
  ),
  http.get('/api/client/fake-tasks/41/media/:itemId/:uuid/', ({ request }) => {
    mediaRequests.push(new URL(request.url).pathname)
    return new HttpResponse(new Uint8Array([137, 80, 78, 71]), {
      headers: { 'Content-Type': 'image/png' },
    })
  }),
)

beforeEach(() => {
  mediaRequests.length = 0
  installObjectUrls()
})

/** The preview as its routes put it together, following the set links within the test router. */
function Preview() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const offset = Number(pathname.split('/')[5])
  return (
    <FakeTaskLayout taskId={41} offset={offset}>
      <FakeItems taskId={41} offset={offset} />
    </FakeTaskLayout>
  )
}

describe('fake-task preview', () => {
  it('shows the set as a worker sees it, read-only, with its media and lock', async () => {
    renderWithRouter(<Preview />, { path: '/client/tasks/fake/41/0/fake-items' })

    const first = await screen.findByRole('article', { name: 'Item #5' })
    expect(within(first).getByRole('textbox', { name: 'Prompt' })).toHaveValue('Say hello')
    expect(within(first).getByRole('textbox', { name: 'Transcript' })).toHaveAttribute('readonly')
    expect(await within(first).findByRole('img', { name: 'Picture' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:test\//),
    )
    expect(mediaRequests).toContain(`/api/client/fake-tasks/41/media/5/${PICTURE}/`)
    expect(screen.getByRole('article', { name: 'Item #6' })).toBeVisible()

    expect(
      screen.getByText(
        `This is what a worker sees, read-only: nothing is locked, saved or logged. A worker taking this set would hold it until ${formatDateTime('2026-03-03T11:00:00Z')}.`,
      ),
    ).toBeVisible()
    expect(screen.getByText('Items 1–2')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Protocol' })).toHaveAttribute(
      'href',
      '/client/tasks-definitions/task-protocols/21/preview',
    )
    expect(screen.getByRole('button', { name: 'Previous set' })).toBeDisabled()
  })

  it('walks to the next set and back', async () => {
    const user = userEvent.setup()
    const { router } = renderWithRouter(<Preview />, { path: '/client/tasks/fake/41/0/fake-items' })
    await screen.findByRole('article', { name: 'Item #5' })

    await user.click(screen.getByRole('link', { name: 'Next set' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/client/tasks/fake/41/2/fake-items'),
    )
    expect(await screen.findByRole('article', { name: 'Item #7' })).toBeVisible()
    expect(screen.getByText('Items 3–3')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Next set' })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Previous set' })).toHaveAttribute(
      'href',
      '/client/tasks/fake/41/0/fake-items',
    )
  })
})
