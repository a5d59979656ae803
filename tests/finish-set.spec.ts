import type { Locator, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import {
  apiGet,
  copyDemoTask,
  expect,
  openDemoItemSet,
  signInAs,
  test,
  waitForServiceWorker,
} from './fixtures'

/**
 * Finishing an item set (online and offline) and the signed-in shell offline. A copy of the demo
 * task has nine items in sets of three: the tests below take the three sets one after another.
 */

const itemCards = (page: Page) => page.getByRole('region', { name: /^Item #\d+$/ })
const indicator = (page: Page) => page.getByRole('button', { name: /^Sync status/ })
const finishButton = (page: Page) =>
  page.getByRole('button', { name: 'Finish set and take the next' })
/** This file's own copy of the demo task, with its three sets of three items. */
let task: string
const demoTask = (page: Page) => page.getByRole('article', { name: task })

/** Gives the item what the demo schema requires, and marks it Done. */
async function completeItem(page: Page, card: Locator, transcript: string) {
  await card.getByRole('textbox', { name: 'Transcript' }).fill(transcript)
  await card.getByRole('combobox', { name: 'Speaker' }).click()
  await page.getByRole('option', { name: 'woman', exact: true }).click()
  await expect(card.getByRole('combobox', { name: 'Speaker' })).toHaveValue('woman')
  await card.getByRole('switch', { name: 'Done' }).check()
}

async function completeSet(page: Page, label: string) {
  const cards = itemCards(page)
  await expect(cards).toHaveCount(3)
  for (const [index, card] of (await cards.all()).entries()) {
    await completeItem(page, card, `${label} ${index + 1}`)
  }
  await expect(page.getByText('Done: 3 of 3')).toBeVisible()
}

const setIdOf = (url: string) => Number(new URL(url).pathname.split('/')[3])

test.describe('finishing an item set', () => {
  test.setTimeout(120_000)

  test.beforeAll(async ({ browser }) => {
    task = (await copyDemoTask(browser, 'Finishing sets')).description
  })

  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'annotator')
    await waitForServiceWorker(page)
  })

  test('online, it ends the lock at once and the next set is taken', async ({ page }) => {
    const { taskId, itemSetId } = await openDemoItemSet(page, task)
    await expect(finishButton(page)).toHaveCount(0)
    await completeSet(page, 'online')
    await expect(page.getByText('Every item of this set is done')).toBeVisible()

    await finishButton(page).click()
    await page.waitForURL(
      (url) => url.pathname.startsWith(`/tasks/${taskId}/`) && setIdOf(url.href) !== itemSetId,
    )
    const nextId = setIdOf(page.url())
    await expect(itemCards(page)).toHaveCount(3)
    await expect(page.getByText('Available offline')).toBeVisible({ timeout: 20_000 })

    const finished = await apiGet<WorkerItemSet>(page, `endworker/item-sets/${itemSetId}/`)
    expect(finished).toMatchObject({ expired: true, done_items_count: 3 })
    expect(finished.items.map((item) => item.annotation?.data.transcript)).toEqual([
      'online 1',
      'online 2',
      'online 3',
    ])
    const tasks = await apiGet<Paged<WorkerTask>>(page, 'endworker/tasks/')
    expect(tasks.results.find((candidate) => candidate.description === task)).toMatchObject({
      my_done: 3,
      my_open_item_set: { id: nextId },
    })
  })

  test('offline, it waits on the device, then goes after the set’s saves', async ({
    page,
    context,
  }) => {
    const { taskId, itemSetId } = await openDemoItemSet(page, task)
    await context.setOffline(true)
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline/)
    await completeSet(page, 'offline')

    await finishButton(page).click()
    await page.waitForURL((url) => url.pathname === '/tasks')
    await expect(
      page.getByRole('alert').or(page.getByText('You are offline')).first(),
    ).toBeVisible()
    const copy = demoTask(page)
    await expect(copy.getByText(`Item set #${itemSetId}`)).toBeVisible()
    await expect(copy.getByText('Finished, waiting to be sent')).toBeVisible()
    await expect(copy.getByText('4 changes not sent yet')).toBeVisible()

    // The set's page says it is finished and takes no more changes.
    await copy.getByRole('link', { name: 'Open' }).click()
    await expect(page.getByText('This item set is finished on this device')).toBeVisible()
    await expect(itemCards(page).first().getByRole('switch', { name: 'Done' })).toBeDisabled()
    await page.goto('/tasks')

    await context.setOffline(false)
    await expect(indicator(page)).toHaveAccessibleName('Sync status: online, 0 unsynced changes', {
      timeout: 30_000,
    })
    const take = demoTask(page).getByRole('button', { name: 'Take work' })
    await expect(take).toBeVisible({ timeout: 20_000 })
    await expect(demoTask(page).getByRole('link', { name: 'Continue' })).toHaveCount(0)

    // Every save of the set reached the server before its lock ended. Polled: right after the
    // offline reload, the header may show its count before the engine has read the device.
    await expect
      .poll(
        async () => {
          const { expired, done_items_count } = await apiGet<WorkerItemSet>(
            page,
            `endworker/item-sets/${itemSetId}/`,
          )
          return { expired, done_items_count }
        },
        { timeout: 30_000 },
      )
      .toEqual({ expired: true, done_items_count: 3 })
    const finished = await apiGet<WorkerItemSet>(page, `endworker/item-sets/${itemSetId}/`)
    expect(finished.items.map((item) => item.annotation?.data.transcript)).toEqual([
      'offline 1',
      'offline 2',
      'offline 3',
    ])

    await take.click()
    await page.waitForURL(
      (url) => url.pathname.startsWith(`/tasks/${taskId}/`) && setIdOf(url.href) !== itemSetId,
    )
    await expect(itemCards(page)).toHaveCount(3)
  })

  test('an offline reload keeps the signed-in shell and lists the device’s sets', async ({
    page,
    context,
  }) => {
    const { taskId, itemSetId } = await openDemoItemSet(page, task)
    await context.setOffline(true)
    await completeItem(page, itemCards(page).first(), 'kept on the device')
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline, 1 unsynced change/)

    const navigation = page.getByRole('navigation').first()
    for (let visit = 1; visit <= 2; visit++) {
      await page.goto('/tasks')
      await expect(indicator(page)).toBeVisible()
      await expect(navigation.getByRole('link', { name: 'Tasks' })).toBeVisible()
      await expect(page.getByText('The tasks could not be loaded')).toHaveCount(0)
      await expect(page.getByText('You are offline').first()).toBeVisible()
      const copy = demoTask(page)
      await expect(copy.getByText(`Item set #${itemSetId}`)).toBeVisible()
      await expect(copy.getByText('Done: 1 of 3')).toBeVisible()
      await expect(copy.getByText('1 change not sent yet')).toBeVisible()

      await page.goto(`/tasks/${taskId}/${itemSetId}`)
      await expect(itemCards(page)).toHaveCount(3)
      await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline, 1 unsynced change/)
      await expect(navigation.getByRole('link', { name: 'Tasks' })).toBeVisible()

      await page.goto('/user')
      await expect(page.getByText('Your account could not be loaded.')).toHaveCount(0)
      await expect(page.getByText('This is your account as this device last saw it.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'annotator' })).toBeVisible()
      await expect(indicator(page)).toBeVisible()
    }

    await context.setOffline(false)
    await page.goto('/tasks')
    await expect(demoTask(page).getByRole('link', { name: 'Continue' })).toBeVisible()
    await expect(page.getByText('You are offline')).toHaveCount(0)
  })
})
