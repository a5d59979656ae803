import type { Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { ReviewedItem, ReviewTask } from '../contract/review'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import { apiGet, expect, signInAs, test, waitForServiceWorker } from './fixtures'

/** An unsafe call of the API from the page, with its session and CSRF token. */
function apiSend<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
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

const DEMO_TASK = 'Demo batch: nine short recordings with pictures'

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

const cards = (page: Page) => page.getByRole('article', { name: /^Review item #\d+$/ })
const indicator = (page: Page) => page.getByRole('button', { name: /^Sync status/ })
const MARKS = ['4 Very good', '2 Poor', '5 Excellent', '3 Good', '1 Terrible'] as const

test.describe('reviewing on a tablet through a connection loss', () => {
  test.setTimeout(180_000)

  test('five grades reach the server once with their last values, and the worker sees them', async ({
    browser,
  }) => {
    // The client has every done annotation of the demo task type drawn for review.
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
    const taskId = await finishItems(workerPage, coordinatorPage, 5)

    const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } })
    const page = await tablet.newPage()
    await signInAs(page, 'reviewer')
    await waitForServiceWorker(page)
    await page.goto('/review/perform')
    const row = page.getByRole('row').filter({ hasText: DEMO_TASK })
    await row.getByRole('link').click()
    await page.waitForURL(`/review/perform/${taskId}`)
    await expect(cards(page).first()).toBeVisible({ timeout: 20_000 })
    expect(await cards(page).count()).toBeGreaterThanOrEqual(5)

    // Two grades online, the first changed once before it settles.
    await cards(page).nth(0).getByRole('radio', { name: '1 Terrible' }).click()
    for (const [index, mark] of MARKS.slice(0, 2).entries()) {
      await cards(page).nth(index).getByRole('radio', { name: mark }).click()
    }
    await expect(
      page.getByLabel('Your review was validated and saved in the database'),
    ).toHaveCount(2)

    // Three more offline: by click, by keys, with error types and a comment.
    await tablet.setOffline(true)
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline/)
    await cards(page).nth(2).getByRole('radio', { name: MARKS[2] }).click()
    await cards(page).nth(3).getByRole('heading').click()
    await page.keyboard.press('3')
    await cards(page).nth(3).getByText('Lexical').click()
    await cards(page).nth(4).getByRole('radio', { name: MARKS[4] }).click()
    await cards(page).nth(4).getByLabel('Comment').fill('Half of it is missing')
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline, [1-9]/, {
      timeout: 10_000,
    })

    // The task's protocol, kept on the device with the batch, opens from a card offline.
    const [protocolTab] = await Promise.all([
      tablet.waitForEvent('page'),
      cards(page)
        .nth(0)
        .getByRole('link', { name: /Transcription and picture check/ })
        .click(),
    ])
    await expect(
      protocolTab.getByRole('heading', { name: 'Transcription and picture check' }).first(),
    ).toBeVisible({ timeout: 20_000 })
    await expect(protocolTab.getByText(/Listen to the whole recording/)).toBeVisible()
    await protocolTab.close()

    // A reload while offline shows every grade from the device.
    await page.reload()
    await expect(cards(page).nth(4)).toBeVisible({ timeout: 20_000 })
    for (const [index, mark] of MARKS.entries()) {
      await expect(cards(page).nth(index).getByRole('radio', { name: mark })).toHaveAttribute(
        'aria-checked',
        'true',
      )
    }
    await expect(cards(page).nth(4).getByLabel('Comment')).toHaveValue('Half of it is missing')

    await tablet.setOffline(false)
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: online, 0 unsynced/, {
      timeout: 60_000,
    })

    const reviewed = await apiGet<Paged<ReviewedItem>>(
      page,
      `review/reviewed-items/?task=${taskId}&limit=100`,
    )
    const graded = reviewed.results.sort(
      (a, b) => a.generated_timestamp.localeCompare(b.generated_timestamp) || a.id - b.id,
    )
    expect(graded.map((item) => item.mark)).toEqual([4, 2, 5, 3, 1])
    expect(graded[3]!.error_types).toEqual(['LEXICAL'])
    expect(graded[4]!.comment).toBe('Half of it is missing')
    const tasks = await apiGet<Paged<ReviewTask>>(page, 'review/tasks/')
    expect(tasks.results.find((task) => task.id === taskId)?.reviewed_count).toBe(5)

    // The worker's feedback shows the five grades and their MOS.
    await workerPage.goto('/feedback')
    await expect(workerPage.getByRole('article', { name: DEMO_TASK })).toContainText('5 reviewed')
    await expect(workerPage.getByRole('region', { name: 'MOS', exact: true })).toContainText('3.00')
  })
})
