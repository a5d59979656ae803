import { expect, signInAs, test } from './fixtures'

test('the footer’s API link opens the API index, which leads to the documentation', async ({
  page,
}) => {
  // Signing in, the index in a new tab, then the documentation's first OpenAPI document.
  test.setTimeout(90_000)
  await signInAs(page, 'client')
  // The footer sits inside the page's main region, where it is no contentinfo landmark.
  const link = page.locator('footer').getByRole('link', { name: 'API' })
  await expect(link).toHaveAttribute('href', '/api/')

  const [index] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await expect(index.getByRole('heading', { name: 'Crowdwork API' })).toBeVisible()
  await index.getByRole('link', { name: 'Documentation (Swagger UI)' }).click()
  // The server builds the OpenAPI document on its first request, which takes a while.
  await expect(index.locator('.opblock').first()).toBeVisible({ timeout: 30_000 })
})

test.describe('the API documentation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('is laid out at the phone’s width, an operation’s details within it', async ({ page }) => {
    await page.goto('/api/docs')
    await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 })
    const login = page
      .locator('.opblock')
      .filter({ has: page.locator('[data-path="/api/auth/session/login/"]') })
    await login.locator('.opblock-summary-control').click()
    await expect(login.locator('.responses-table')).toBeVisible()

    const widths = await page.evaluate(() => ({
      layout: document.documentElement.clientWidth,
      content: document.documentElement.scrollWidth,
    }))
    // Without a viewport declaration a phone lays the page out 980 pixels wide and shrinks it.
    expect(widths).toEqual({ layout: 390, content: 390 })
    for (const part of ['.responses-table', '.opblock-body pre']) {
      const box = await login.locator(part).first().boundingBox()
      expect(box && box.x + box.width, part).toBeLessThanOrEqual(390)
    }
  })
})
