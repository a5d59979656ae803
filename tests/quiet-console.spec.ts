import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'

/**
 * Expected states are no errors: a visitor without a session and a task never exported make the
 * browser log nothing, and a phone's header stays whole.
 */

/** Every error the page logs to its console (failed requests included) or throws. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('signed-out pages load without a console error', async ({ page }) => {
  const errors = collectConsoleErrors(page)
  for (const path of ['/', '/login', '/recover']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  await expect(page.getByRole('button', { name: 'I understand' })).toBeVisible()
  expect(errors).toEqual([])
})

test('the Export tab of a task never exported loads without a console error', async ({ page }) => {
  await signInAs(page, 'client')
  const tasks = await page.request.get('/api/client/tasks/')
  const [task] = (await tasks.json()).results as { id: number }[]
  const errors = collectConsoleErrors(page)

  await page.goto(`/client/tasks/${task!.id}/panel?tab=export`)
  await expect(page.getByRole('tab', { name: 'Export', selected: true })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the header stays whole: the offline notice keeps clear of it, the username is shown in full', async ({
    page,
  }, testInfo) => {
    await signInAs(page, 'annotator')
    const header = page.locator('header').first()
    await expect(header).toBeVisible()
    const headerBox = (await header.boundingBox())!

    const notice = page.getByText('Ready to work offline')
    await expect(notice).toBeVisible({ timeout: 20_000 })
    const noticeBox = (await notice.boundingBox())!
    expect(noticeBox.y).toBeGreaterThan(headerBox.y + headerBox.height)
    await page.screenshot({ path: testInfo.outputPath('phone-header-notice.png') })

    const account = page.getByRole('button', { name: 'Account of annotator' })
    const accountBox = (await account.boundingBox())!
    expect(accountBox.x + accountBox.width).toBeLessThanOrEqual(390)
    await account.click()
    const menu = page.getByRole('menu')
    await expect(menu.getByText('annotator', { exact: true })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('phone-account-menu.png') })
  })
})
