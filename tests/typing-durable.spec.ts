import type { Browser, BrowserContext, Locator, Page, Request } from '@playwright/test'
import type { ReviewedItem } from '../contract/review'
import type { WorkerItemSet } from '../contract/worker'
import {
  apiGet,
  copyDemoTask,
  expect,
  openDemoItemSet,
  signInAs,
  test,
  waitForServiceWorker,
} from './fixtures'
import { drawDemoReviewItems } from './review-support'

/** How long after the last keystroke the page reloads; the send waits 400 ms for a pause. */
const RELOAD_DELAYS_MS = [0, 50, 150, 300]
/** Reloads per delay; a slow machine may run fewer (each reload starts the whole app again). */
const REPEATS = Number(process.env.E2E_TYPING_REPEATS ?? 20)

const transcript = (page: Page) =>
  page
    .getByRole('region', { name: /^Item #\d+$/ })
    .first()
    .getByRole('textbox', { name: 'Transcript' })

const indicator = (page: Page) => page.getByRole('button', { name: /^Sync status/ })

type Save = { key: string; stamp: string; transcript: string }

/** Every annotation save the pages of `context` send, with its key and the edit it carries. */
function recordSaves(context: BrowserContext): Save[] {
  const saves: Save[] = []
  context.on('request', (request: Request) => {
    if (request.method() !== 'PUT' || !request.url().includes('/annotation/')) return
    const body = request.postDataJSON() as {
      client_updated_at: string
      data: { transcript?: string }
    }
    saves.push({
      key: request.headers()['idempotency-key'] ?? '',
      stamp: body.client_updated_at,
      transcript: body.data.transcript ?? '',
    })
  })
  return saves
}

/** No edit went out under two keys: a replay reuses its key, and the server keeps one answer. */
function expectEachEditSentUnderOneKey(saves: Save[]) {
  const keysByEdit = new Map<string, Set<string>>()
  for (const { key, stamp } of saves) {
    expect(key).not.toBe('')
    keysByEdit.set(stamp, (keysByEdit.get(stamp) ?? new Set()).add(key))
  }
  for (const keys of keysByEdit.values()) expect(keys.size).toBe(1)
}

/**
 * Back online (a reload, for the signed-in shell an offline start may lack): the server holds
 * one annotation per item, and the first item's transcript is `text`.
 */
async function expectServerHolds(page: Page, itemSetId: number, text: string) {
  await page.reload()
  await expect(transcript(page)).toHaveValue(text)
  await expect(indicator(page)).toHaveAccessibleName('Sync status: online, 0 unsynced changes', {
    timeout: 30_000,
  })
  const view = await apiGet<WorkerItemSet>(page, `endworker/item-sets/${itemSetId}/`)
  const annotated = view.items.filter((item) => item.annotation !== null)
  expect(new Set(annotated.map((item) => item.annotation!.id)).size).toBe(annotated.length)
  expect(view.items[0]!.annotation?.data.transcript).toBe(text)
  // Every journaled edit was folded into the outbox and sent: the journal is empty again.
  const journal = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('outbox-journal:')),
  )
  expect(journal).toEqual([])
}

test.describe('typing is durable the moment it is made', () => {
  test.setTimeout(120_000)
  /** This file's own copy of the demo task: the last test ends its set's lock. */
  let task: string

  test.beforeAll(async ({ browser }) => {
    task = (await copyDemoTask(browser, 'Typing kept')).description
  })

  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'annotator')
    await waitForServiceWorker(page)
  })

  for (const offline of [false, true]) {
    const mode = offline ? 'offline' : 'online'
    test(`a reload at any instant after a keystroke keeps it (${mode})`, async ({
      page,
      context,
    }) => {
      test.setTimeout(60_000 + REPEATS * RELOAD_DELAYS_MS.length * 5_000)
      const saves = recordSaves(context)
      const { itemSetId } = await openDemoItemSet(page, task)
      await context.setOffline(offline)
      let last = ''
      for (const delay of RELOAD_DELAYS_MS) {
        for (let round = 1; round <= REPEATS; round++) {
          last = `${mode} ${delay} ms, round ${round}`
          await transcript(page).fill(last)
          if (delay > 0) await page.waitForTimeout(delay)
          await page.reload()
          await expect(transcript(page)).toHaveValue(last)
        }
      }
      await context.setOffline(false)
      await expectServerHolds(page, itemSetId, last)
      expectEachEditSentUnderOneKey(saves)
    })
  }

  test('closing the tab right after a keystroke keeps it, online and offline', async ({
    page,
    context,
  }) => {
    const saves = recordSaves(context)
    const { itemSetId } = await openDemoItemSet(page, task)
    const url = page.url()
    let current = page
    for (const offline of [false, true]) {
      await context.setOffline(offline)
      const text = `typed, then the tab closed (${offline ? 'offline' : 'online'})`
      await transcript(current).fill(text)
      await current.close()

      current = await context.newPage()
      await current.goto(url)
      await expect(transcript(current)).toHaveValue(text)
      await context.setOffline(false)
      await expectServerHolds(current, itemSetId, text)
    }
    expectEachEditSentUnderOneKey(saves)
  })

  test('a save refused once a coordinator ended the lock is shown once, in view', async ({
    page,
    browser,
  }) => {
    const { itemSetId } = await openDemoItemSet(page, task)

    const coordinatorContext = await browser.newContext()
    const coordinator = await coordinatorContext.newPage()
    await signInAs(coordinator, 'coordinator')
    const status = await coordinator.evaluate(async (id) => {
      const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? ''
      const response = await fetch(`/api/coordinator/item-sets/${id}/`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf },
        body: JSON.stringify({ lock_expiration_timestamp: new Date().toISOString() }),
      })
      return response.status
    }, itemSetId)
    expect(status).toBe(200)
    await coordinatorContext.close()

    // Typed far down the page: the message must still be in view.
    const last = page.getByRole('region', { name: /^Item #\d+$/ }).last()
    const itemTitle = (await last.getByRole('heading', { level: 2 }).textContent()) ?? ''
    await last.getByRole('textbox', { name: 'Transcript' }).fill('after the lock ended')
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to save annotation' })
    await expect(alert).toBeInViewport({ timeout: 15_000 })
    await expect(alert).toContainText(
      `Unable to save annotation for item ${itemTitle.replace('Item ', '')}`,
    )
    await expect(alert).toContainText('The item set expired: refresh it or fetch a new one.')
    await expect(page.getByText(/Unable to save annotation/)).toHaveCount(1)
    await expect(page.getByText('Lock expired')).toBeVisible()
    await expect(page.getByText(/Lock ends in/)).toHaveCount(0)

    await alert.getByRole('link', { name: /Unable to save annotation/ }).click()
    await page.waitForURL((url) => url.pathname === '/tasks')
  })
})

// --- Review cards ------------------------------------------------------------------------------

type Grade = { mark: number; error_types: string[]; comment: string }
type GradeEdit = 'mark' | 'error type' | 'comment'

const GRADE_EDITS: GradeEdit[] = ['mark', 'error type', 'comment']
const MARK_NAMES: Record<number, string> = {
  1: '1 Terrible',
  2: '2 Poor',
  3: '3 Good',
  4: '4 Very good',
  5: '5 Excellent',
}
/** Error types the model turns on and off, by their contract names and labels. */
const ERROR_TYPES = [
  ['LEXICAL', 'Lexical'],
  ['GRAMMATICAL', 'Grammatical'],
  ['SPELLING', 'Spelling/punctuation'],
  ['OTHER', 'Other'],
] as const
/** When the page reloads after a grade's save is confirmed; 'before': right after the edit. */
const RELOADS_AFTER_CONFIRMATION = ['before', 0, 300, 700, 1500] as const
/** Offline nothing is confirmed: the page reloads this long after the edit. */
const RELOADS_OFFLINE = [0, 300, 700, 1500] as const

const savedLabel = 'Your review was validated and saved in the database'

/**
 * One edit of the model's grade, made on the card the way a reviewer would: another mark, an
 * error type turned on or off, or more comment. `round` varies what changes.
 */
async function editGrade(card: Locator, grade: Grade, edit: GradeEdit, round: number) {
  if (edit === 'mark') {
    grade.mark = (grade.mark % 5) + 1
    await card.getByRole('radio', { name: MARK_NAMES[grade.mark] }).click()
  } else if (edit === 'error type') {
    const [type, label] = ERROR_TYPES[round % ERROR_TYPES.length]!
    grade.error_types = grade.error_types.includes(type)
      ? grade.error_types.filter((chosen) => chosen !== type)
      : ERROR_TYPES.map(([each]) => each).filter(
          (each) => each === type || grade.error_types.includes(each),
        )
    await card.getByText(label, { exact: true }).click()
  } else {
    grade.comment = `${grade.comment} part ${round}.`.trim()
    await card.getByLabel('Comment').fill(grade.comment)
  }
}

/** The card shows the model's grade: its mark, exactly its error types, and its comment. */
async function expectCardShows(card: Locator, grade: Grade) {
  await expect(card.getByRole('radio', { name: MARK_NAMES[grade.mark] })).toHaveAttribute(
    'aria-checked',
    'true',
    { timeout: 20_000 },
  )
  for (const [type, label] of ERROR_TYPES) {
    const chip = card.getByRole('checkbox', { name: label, exact: true })
    if (grade.error_types.includes(type)) await expect(chip).toBeChecked()
    else await expect(chip).not.toBeChecked()
  }
  await expect(card.getByLabel('Comment')).toHaveValue(grade.comment)
}

async function expectServerGrade(page: Page, reviewItemId: number, grade: Grade) {
  const stored = await apiGet<ReviewedItem>(page, `review/reviewed-items/${reviewItemId}/`)
  expect({ mark: stored.mark, error_types: stored.error_types, comment: stored.comment }).toEqual(
    grade,
  )
}

test.describe('review grades are durable the moment they are given', () => {
  // About 30 page loads: a minute or two on a quiet machine, far more on a busy one.
  test.setTimeout(600_000)
  /** Two items drawn for review in a copy of the demo task of this describe's own. */
  let taskId: number

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000)
    taskId = (await drawDemoReviewItems(browser, 'Grades kept', 2)).taskId
  })

  /**
   * The reviewer's batch of the task on a page of a new context (a device of its own), and its
   * first card: an item nobody graded yet, since graded items leave the batch the server gives.
   */
  async function openCard(browser: Browser) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signInAs(page, 'reviewer')
    await waitForServiceWorker(page)
    await page.goto(`/review/perform/${taskId}`)
    const card = page.getByRole('article', { name: /^Review item #\d+$/ }).first()
    await expect(card).toBeVisible({ timeout: 20_000 })
    const reviewItemId = Number(await card.getAttribute('data-review-item'))
    return { context, page, card, reviewItemId }
  }

  test('a reload at any instant after a grade, confirmed or not, online or offline, shows it and overwrites nothing', async ({
    browser,
  }) => {
    const { context, page, card, reviewItemId } = await openCard(browser)
    const grade: Grade = { mark: 0, error_types: [], comment: '' }
    const patched = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          response.url().includes(`/review/locked-items/${reviewItemId}/`),
      )

    let round = 0
    for (const reload of RELOADS_AFTER_CONFIRMATION) {
      for (const edit of GRADE_EDITS) {
        round += 1
        if (reload === 'before') {
          await editGrade(card, grade, edit, round)
        } else {
          const confirmed = patched()
          await editGrade(card, grade, edit, round)
          await confirmed
          await expect(card.getByLabel(savedLabel)).toBeVisible()
          await expectServerGrade(page, reviewItemId, grade)
          if (reload > 0) await page.waitForTimeout(reload)
        }
        await page.reload()
        await expectCardShows(card, grade)
      }
    }
    await expect(card.getByLabel(savedLabel)).toBeVisible({ timeout: 30_000 })
    await expectServerGrade(page, reviewItemId, grade)

    await context.setOffline(true)
    for (const reload of RELOADS_OFFLINE) {
      for (const edit of GRADE_EDITS) {
        round += 1
        await editGrade(card, grade, edit, round)
        if (reload > 0) await page.waitForTimeout(reload)
        await page.reload()
        await expectCardShows(card, grade)
      }
    }
    await context.setOffline(false)
    await expect(card.getByLabel(savedLabel)).toBeVisible({ timeout: 30_000 })
    await expectServerGrade(page, reviewItemId, grade)
    await page.reload()
    await expectCardShows(card, grade)
    await context.close()
  })

  test('a grade given after a comment is shown saved, and a reload sends nothing again', async ({
    browser,
  }) => {
    const { context, page, card, reviewItemId } = await openCard(browser)
    const grade: Grade = { mark: 2, error_types: [], comment: 'Two words are missing.' }

    await card.getByLabel('Comment').fill(grade.comment)
    await card.getByRole('radio', { name: MARK_NAMES[grade.mark] }).click()
    await expect(card.getByLabel(savedLabel)).toBeVisible({ timeout: 20_000 })
    await expectServerGrade(page, reviewItemId, grade)

    const sentAfterReload: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sentAfterReload.push(request.url())
    })
    await page.reload()
    await expectCardShows(card, grade)
    await expect(card.getByLabel(savedLabel)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Sync status/ })).toHaveAccessibleName(
      'Sync status: online, 0 unsynced changes',
      { timeout: 20_000 },
    )
    expect(sentAfterReload).toEqual([])
    await context.close()
  })
})
