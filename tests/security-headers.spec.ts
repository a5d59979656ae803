import { expect, test } from './fixtures'

// The fixtures fail each of these tests on any Content-Security-Policy violation.

test('the sign-in page loads under the security headers', async ({ page }) => {
  const response = await page.goto('/login')
  const headers = response?.headers() ?? {}
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('same-origin')
  await expect(
    page.getByRole('button', { name: 'Sign in with username and password' }),
  ).toBeVisible()
})

test('the API documentation renders on its own and framed by the app', async ({ page }) => {
  const response = await page.goto('/api/docs')
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
  await expect(page.getByRole('heading', { name: /Crowdwork API/ })).toBeVisible()
  await expect(page.getByText('/api/auth/csrf/').first()).toBeVisible()

  await page.goto('/swagger')
  const docs = page.frameLocator('iframe[title="API documentation"]')
  await expect(docs.getByRole('heading', { name: /Crowdwork API/ })).toBeVisible()
})
