import type { Locator, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import {
  apiGet,
  expect,
  openDemoItemSet,
  signInAs,
  startServer,
  stopServer,
  test,
  waitForServiceWorker,
} from './fixtures'

/** What the worker gives an item; the server must end up with exactly this. */
type Answer = { transcript: string; speaker: string; matches: boolean }

const SPEAKERS = ['woman', 'man', 'child'] as const

const itemCards = (page: Page) => page.getByRole('region', { name: /^Item #\d+$/ })

const indicator = (page: Page) => page.getByRole('button', { name: /^Sync status/ })

/** Typing is stored on the device once it pauses: waits until the device's drafts hold `text`. */
async function expectStoredOnDevice(page: Page, text: string) {
  const stored = () =>
    page.evaluate(async (needle) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('crowdwork-offline')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const drafts = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('annotations').objectStore('annotations').getAll()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      db.close()
      return JSON.stringify(drafts).includes(needle)
    }, text)
  await expect.poll(stored).toBe(true)
}

async function answer(page: Page, card: Locator, { transcript, speaker, matches }: Answer) {
  await card.getByRole('textbox', { name: 'Transcript' }).fill(transcript)
  await card.getByRole('combobox', { name: 'Speaker' }).click()
  await page.getByRole('option', { name: speaker, exact: true }).click()
  await expect(card.getByRole('combobox', { name: 'Speaker' })).toHaveValue(speaker)
  // Ticked first, so an unticked answer is stored as 'false' rather than left unanswered.
  const checkbox = card.getByRole('checkbox', { name: 'The picture matches the prompt' })
  await checkbox.check()
  if (!matches) await checkbox.uncheck()
  await card.getByRole('switch', { name: 'Done' }).check()
}

async function expectShown(card: Locator, { transcript, speaker, matches }: Answer) {
  await expect(card.getByRole('textbox', { name: 'Transcript' })).toHaveValue(transcript)
  await expect(card.getByRole('combobox', { name: 'Speaker' })).toHaveValue(speaker)
  const checkbox = card.getByRole('checkbox', { name: 'The picture matches the prompt' })
  await expect(checkbox).toBeChecked({ checked: matches })
  await expect(card.getByRole('switch', { name: 'Done' })).toBeChecked()
}

/** Every item of the set holds exactly one annotation, with the last values given. */
async function expectServerHolds(page: Page, itemSetId: number, answers: Answer[]) {
  const view = await apiGet<WorkerItemSet>(page, `endworker/item-sets/${itemSetId}/`)
  expect(view.items).toHaveLength(answers.length)
  const annotationIds = view.items.map((item) => item.annotation?.id)
  expect(new Set(annotationIds).size).toBe(answers.length)
  view.items.forEach((item, index) => {
    const { transcript, speaker, matches } = answers[index]!
    expect(item.annotation).toMatchObject({
      is_done: true,
      data: { transcript, speaker, picture_matches: String(matches) },
    })
  })
  expect(view.done_items_count).toBe(answers.length)
  return view
}

test.describe('annotating offline', () => {
  // Two service-worker installs, media downloads, and a server restart take longer than a page.
  test.setTimeout(120_000)

  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'annotator')
    await waitForServiceWorker(page)
  })

  test('a whole item set is annotated offline and reaches the server exactly once', async ({
    page,
    context,
  }) => {
    const { itemSetId } = await openDemoItemSet(page)
    const cards = itemCards(page)
    await expect(cards).toHaveCount(3)
    const answers: Answer[] = SPEAKERS.map((speaker, index) => ({
      transcript: `Dzień dobry ${index + 1} [noise]`,
      speaker,
      matches: index !== 1,
    }))

    await context.setOffline(true)
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline/)

    // The recording of the first item plays from the device's copy, to its end.
    const player = cards.nth(0).getByRole('group', { name: 'Audio player: Recording' })
    await player.getByRole('button', { name: 'Play' }).click()
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 10_000 })

    // The first transcript is written twice: only the last one may reach the server.
    await cards.nth(0).getByRole('textbox', { name: 'Transcript' }).fill('a first try')
    await expect(cards.nth(0).getByText('Not synced yet')).toBeVisible()
    for (const [index, values] of answers.entries()) await answer(page, cards.nth(index), values)
    // The second picture does not match: the reason row appears and is answered too.
    await cards.nth(1).getByRole('textbox', { name: 'Why not?' }).fill('It shows a cat')
    await expectStoredOnDevice(page, 'It shows a cat')
    await expect(page.getByText('Done: 3 of 3')).toBeVisible()
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline, 3 unsynced changes/)

    // A reload while offline comes back with all of it, from the device.
    await page.reload()
    await expect(cards).toHaveCount(3)
    for (const [index, values] of answers.entries()) await expectShown(cards.nth(index), values)
    await expect(cards.nth(1).getByRole('textbox', { name: 'Why not?' })).toHaveValue(
      'It shows a cat',
    )

    await context.setOffline(false)
    await expect(indicator(page)).toHaveAccessibleName('Sync status: online, 0 unsynced changes', {
      timeout: 30_000,
    })
    await expect(page.getByText('Not synced yet')).toHaveCount(0)

    const view = await expectServerHolds(page, itemSetId, answers)
    expect(view.items[0]!.annotation!.data.recording).toMatchObject({ audio_played_to_end: true })
    expect(view.items[1]!.annotation!.data.mismatch_reason).toBe('It shows a cat')
    const tasks = await apiGet<Paged<WorkerTask>>(page, 'endworker/tasks/')
    expect(tasks.results[0]).toMatchObject({ my_done: 3 })
  })

  test('changes replayed across a server restart arrive once, with their last values', async ({
    page,
    context,
  }) => {
    const { itemSetId } = await openDemoItemSet(page)
    const cards = itemCards(page)
    await expect(cards).toHaveCount(3)

    // Many edits offline; each annotation keeps only its last one queued.
    await context.setOffline(true)
    const answers: Answer[] = SPEAKERS.map((_, index) => ({
      transcript: `after the restart ${index + 1}`,
      speaker: SPEAKERS[(index + 1) % SPEAKERS.length]!,
      matches: true,
    }))
    for (let round = 1; round <= 3; round++) {
      for (const [index, card] of (await cards.all()).entries()) {
        const field = card.getByRole('textbox', { name: 'Transcript' })
        await field.fill(`edit ${round} of item ${index + 1}`)
        await expect(card.getByText('Not synced yet')).toBeVisible()
      }
    }
    for (const [index, values] of answers.entries()) await answer(page, cards.nth(index), values)
    await expect(indicator(page)).toHaveAccessibleName(/^Sync status: offline, 3 unsynced changes/)

    // The first save reaches the server and is stored, but the server goes down before its
    // answer gets back: the page must send it again, with the same key, to the restarted server.
    let saves = 0
    let restarted: Promise<void> | undefined
    await page.route('**/api/endworker/item-sets/*/items/*/annotation/', async (route) => {
      saves += 1
      if (saves !== 1) return route.continue()
      await route.fetch()
      restarted = stopServer().then(startServer)
      await route.abort('connectionreset')
    })

    await context.setOffline(false)
    await expect.poll(() => saves).toBeGreaterThan(0)
    await expect.poll(() => restarted !== undefined).toBe(true)
    await restarted
    await expect(indicator(page)).toHaveAccessibleName('Sync status: online, 0 unsynced changes', {
      timeout: 60_000,
    })
    expect(saves).toBeGreaterThan(3)

    await expectServerHolds(page, itemSetId, answers)
    await page.reload()
    for (const [index, values] of answers.entries()) await expectShown(cards.nth(index), values)
  })
})
