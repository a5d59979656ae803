import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'
import { drawDemoReviewItems } from './review-support'

const VIEWPORTS = {
  tablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const

/**
 * Nothing on the screen is wider than it (no sideways scrolling of the page, no cut-off content);
 * wide tables may scroll inside their own scroll container.
 */
async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrollsItself = (element: Element | null): boolean => {
      for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true
      }
      return false
    }
    return Array.from(document.querySelectorAll('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => !scrollsItself(element))
      .map((element) => element.outerHTML.slice(0, 120))
  })
  expect(overflow, 'elements wider than the screen').toEqual([])
}

test.describe('review screens on a tablet and a phone', () => {
  test.setTimeout(180_000)

  test('the task list, the review cards and the reviewed list fit the screen', async ({
    browser,
  }, testInfo) => {
    const { taskId, description } = await drawDemoReviewItems(browser, 'Review layout', 3)
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const page = await (await browser.newContext({ viewport })).newPage()
      await signInAs(page, 'reviewer')
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${device}-${name}.png`), fullPage: true })

      await page.goto('/review/perform')
      await expect(page.getByText(description).first()).toBeVisible({ timeout: 20_000 })
      await shot('tasks')
      await expectNoSidewaysOverflow(page)
      // What a reviewer chooses a task by shows without scrolling the table sideways.
      await expect(
        page.getByRole('columnheader', { name: 'Available', exact: true }),
      ).toBeInViewport({
        ratio: 1,
      })

      await page.goto(`/review/perform/${taskId}`)
      const cards = page.getByRole('article', { name: /^Review item #\d+$/ })
      await expect(cards.first()).toBeVisible({ timeout: 20_000 })
      await cards.first().getByRole('radio', { name: '4 Very good' }).click()
      await expect(
        cards.first().getByLabel('Your review was validated and saved in the database'),
      ).toBeVisible({ timeout: 20_000 })
      await shot('cards')
      await expectNoSidewaysOverflow(page)

      await page.goto('/review/reviewed')
      await expect(page.getByText(description).first()).toBeVisible({ timeout: 20_000 })
      await shot('reviewed')
      await expectNoSidewaysOverflow(page)
      await expect(
        page.getByRole('columnheader', { name: 'Reviewed', exact: true }),
      ).toBeInViewport({
        ratio: 1,
      })
      await page.context().close()
    }
  })
})
