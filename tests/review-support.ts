import type { Browser, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import { apiGet, apiSend, copyDemoTask, signInAs } from './fixtures'

/**
 * The annotator finishes every item of new item sets until `count` items are done; the
 * coordinator ends each finished set's lock, so the next claim hands out a new set.
 */
async function finishItems(worker: Page, coordinator: Page, description: string, count: number) {
  const tasks = await apiGet<Paged<WorkerTask>>(worker, 'endworker/tasks/')
  const task = tasks.results.find((candidate) => candidate.description === description)
  if (!task) throw new Error(`${description} is not offered to the annotator`)
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
 * Review work on a copy of the demo task of its own (made from `label`): the client has every
 * done annotation of the demo task type drawn for review and the annotator finishes `count`
 * items. Answers the task's id and description and the annotator's page.
 */
export async function drawDemoReviewItems(browser: Browser, label: string, count: number) {
  const { description } = await copyDemoTask(browser, label)
  return drawReviewItems(browser, description, count)
}

/**
 * Review work on the started task described as `description`, of the demo task type: as
 * drawDemoReviewItems does for its copy of the demo task.
 */
export async function drawReviewItems(browser: Browser, description: string, count: number) {
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
  const taskId = await finishItems(workerPage, coordinatorPage, description, count)
  return { taskId, description, workerPage }
}
