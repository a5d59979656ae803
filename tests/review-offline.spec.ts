import type { Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { FeedbackStats, ReviewedItem, ReviewTask } from '../contract/review'
import { apiGet, expect, signInAs, test, waitForServiceWorker } from './fixtures'
import { drawDemoReviewItems } from './review-support'

const cards = (page: Page) => page.getByRole('article', { name: /^Review item #\d+$/ })
const indicator = (page: Page) => page.getByRole('button', { name: /^Sync status/ })
const MARKS = ['4 Very good', '2 Poor', '5 Excellent', '3 Good', '1 Terrible'] as const

test.describe('reviewing on a tablet through a connection loss', () => {
  test.setTimeout(180_000)

  test('five grades reach the server once with their last values, and the worker sees them', async ({
    browser,
  }) => {
    const { taskId, description, workerPage } = await drawDemoReviewItems(
      browser,
      'Reviewed offline',
      5,
    )
    // The worker's MOS covers every grade they got: earlier tests may have graded them too.
    const before = (await apiGet<FeedbackStats>(workerPage, 'review/feedback/stats/')).mos_detail

    const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } })
    const page = await tablet.newPage()
    await signInAs(page, 'reviewer')
    await waitForServiceWorker(page)
    await page.goto('/review/perform')
    // On a tablet the task list shows each task as a card.
    const taskCard = page.getByRole('listitem').filter({ hasText: description })
    await taskCard.getByRole('link').click()
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

    // The worker's feedback shows the five grades, counted in their MOS.
    await workerPage.goto('/feedback')
    await expect(workerPage.getByRole('article', { name: description })).toContainText('5 reviewed')
    const marks = before.count + 5
    // Marks are whole numbers: the earlier sum is exact once rounded (the mean comes rounded).
    const earlierSum = Math.round((before.mean ?? 0) * before.count)
    const mos = (earlierSum + 4 + 2 + 5 + 3 + 1) / marks
    const mosCard = workerPage.getByRole('region', { name: 'MOS', exact: true })
    await expect(mosCard).toContainText(mos.toFixed(2))
    await expect(mosCard).toContainText(`from ${marks} marks`)
  })
})
