import type { Browser, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import { apiGet, signInAs } from './fixtures'

/** An unsafe call of the API from the page, with its session and CSRF token. */
export function apiSend<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = document.cookie
        .split('; ')
        .find((part) => part.startsWith('csrftoken='))
        ?.slice('csrftoken='.length)
      const response = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'X-CSRFToken': decodeURIComponent(token ?? ''),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}`)
      return response.json()
    },
    { method, url: `/api/${path}`, body },
  )
}

export const DEMO_TASK = 'Demo batch: nine short recordings with pictures'

/**
 * The annotator finishes every item of new item sets until `count` items are done; the
 * coordinator ends each finished set's lock, so the next claim hands out a new set.
 */
async function finishItems(worker: Page, coordinator: Page, count: number) {
  const tasks = await apiGet<Paged<WorkerTask>>(worker, 'endworker/tasks/')
  const task = tasks.results.find((candidate) => candidate.description === DEMO_TASK)
  if (!task) throw new Error('the demo task is not offered to the annotator')
  await apiSend(worker, 'POST', `endworker/protocols/${task.protocol.id}/confirm/`)
  let done = 0
  while (done < count) {
    const set = await apiSend<WorkerItemSet>(
      worker,
      'POST',
      `endworker/tasks/${task.id}/item-sets/`,
    )
    for (const item of set.items) {
      if (item.annotation?.is_done) continue
      const saved = await apiSend<{ is_done: boolean; errors: unknown }>(
        worker,
        'PUT',
        `endworker/item-sets/${set.id}/items/${item.id}/annotation/`,
        {
          data: { transcript: `heard ${item.id}`, speaker: 'woman', picture_matches: 'true' },
          is_done: true,
          client_updated_at: new Date().toISOString(),
        },
      )
      if (!saved.is_done) throw new Error(`annotation refused: ${JSON.stringify(saved.errors)}`)
      done += 1
    }
    await apiSend(coordinator, 'PATCH', `coordinator/item-sets/${set.id}/`, {
      lock_expiration_timestamp: new Date().toISOString(),
    })
  }
  return task.id
}

/**
 * Review work on the demo task: the client has every done annotation of the demo task type drawn
 * for review and the annotator finishes `count` items. Answers the task id and the annotator's
 * page.
 */
export async function drawDemoReviewItems(browser: Browser, count: number) {
  const clientPage = await (await browser.newContext()).newPage()
  await signInAs(clientPage, 'client')
  const types = await apiGet<Paged<{ id: number; name: string }>>(
    clientPage,
    'client/task-types/?limit=100',
  )
  const demoType = types.results.find((type) => type.name === 'Demo transcription')!
  await apiSend(clientPage, 'PATCH', `client/task-types/${demoType.id}/`, {
    review_probability: 1,
  })

  const workerPage = await (await browser.newContext()).newPage()
  await signInAs(workerPage, 'annotator')
  const coordinatorPage = await (await browser.newContext()).newPage()
  await signInAs(coordinatorPage, 'coordinator')
  const taskId = await finishItems(workerPage, coordinatorPage, count)
  return { taskId, workerPage }
}
