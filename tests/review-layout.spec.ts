import { expect, signInAs, test } from './fixtures'
import {
  columnName,
  expectInReachWithoutSidewaysScrolling,
  expectNoSidewaysOverflow,
  NARROW_SCREENS,
} from './layout-support'
import { drawDemoReviewItems } from './review-support'

const VIEWPORTS = {
  tablet: { width: 768, height: 1024 },
  phone: NARROW_SCREENS.phone,
} as const

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
      // What a reviewer chooses a task by shows without scrolling sideways.
      await expectInReachWithoutSidewaysScrolling(columnName(page, 'Available'))

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
      await expectInReachWithoutSidewaysScrolling(columnName(page, 'Reviewed'))
      await page.context().close()
    }
  })
})
