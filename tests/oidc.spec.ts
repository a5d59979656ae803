import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { E2E_OIDC, SSO_PEOPLE } from './sso'

const signInButton = (page: Page) =>
  page.getByRole('link', { name: `Sign in with ${E2E_OIDC.providerName}` })

test.beforeEach(async ({ page }) => {
  // The provider's own pages ask for a web font; these machines have no way out.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: '' }),
  )
})

async function openProviderLogin(page: Page) {
  await signInButton(page).click()
  await page.waitForURL((url) => url.href.startsWith(E2E_OIDC.issuer))
}

/** On the provider's login page: signs in, and consents when the provider asks. */
async function loginAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  // A provider session from another tab may have the consent already.
  const consent = page.getByRole('button', { name: 'Continue' })
  await expect(consent.or(page.locator('#root'))).toBeVisible()
  if (await consent.isVisible()) await consent.click()
  await page.waitForURL((url) => !url.href.startsWith(E2E_OIDC.issuer))
}

/** From the product's login page, through the provider's login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await openProviderLogin(page)
  await loginAtProvider(page, login)
}

/** Where the product sent the browser once the provider was done, off the callback pages. */
async function landing(page: Page): Promise<string> {
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/api/') && !['/', '/callback'].includes(url.pathname),
  )
  return new URL(page.url()).pathname
}

async function acceptCookies(page: Page) {
  const banner = page.getByRole('dialog', { name: 'Our website uses cookies' })
  await banner.getByRole('button', { name: 'I understand' }).click()
  await expect(banner).toBeHidden()
}

test('a linked person signs in at the provider, lands on the page asked for and signs out of both', async ({
  page,
}) => {
  await page.goto('/timelogs')
  await page.waitForURL(/\/login\?redirect=%2Ftimelogs/)
  await acceptCookies(page)
  const providerReturn = page.waitForRequest((request) =>
    request.url().startsWith(E2E_OIDC.redirectUri),
  )
  await signInAtProvider(page, SSO_PEOPLE.linked.login)
  const callbackUrl = (await providerReturn).url()

  await page.waitForURL((url) => url.pathname === '/timelogs')
  const clause = page.getByRole('switch', { name: 'I have read and accept the clause.' })
  await clause.check()
  await page.getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Time logs' })).toBeVisible()

  // Back onto the used callback (as the back button or a reload would): still signed in, so on
  // to the app rather than an error.
  await page.goto(callbackUrl)
  expect(await landing(page)).not.toMatch(/^\/(oidc_failure|login)/)

  // The names come from the provider; a single-sign-on account has no password to change.
  await page.getByRole('button', { name: SSO_PEOPLE.linked.account.username }).click()
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Change password' })).toHaveCount(0)
  await page.getByRole('menuitem', { name: 'Sign out' }).click()

  // The provider asks before ending its own session, then sends the browser to the login page.
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
  const session = await page.request.get('/api/auth/current-user/')
  expect(session.status()).toBe(401)

  // The provider forgot the person too: signing in asks for the login again.
  await signInButton(page).click()
  await expect(page.locator('input[name="login"]')).toBeVisible()
})

test('a person without an account lands on the failure page', async ({ page }) => {
  await page.goto('/login')
  await acceptCookies(page)
  await signInAtProvider(page, SSO_PEOPLE.stranger.login)

  await page.waitForURL((url) => url.pathname === '/oidc_failure')
  await expect(page.getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
  await expect(
    page.getByText('No account waits for the e-mail address of your external account.'),
  ).toBeVisible()
})

test('a deactivated account lands on the failure page', async ({ page }, testInfo) => {
  await page.goto('/login')
  await acceptCookies(page)
  await page.screenshot({ path: testInfo.outputPath('login-desktop.png'), fullPage: true })
  await page.setViewportSize({ width: 375, height: 740 })
  await page.screenshot({ path: testInfo.outputPath('login-phone.png'), fullPage: true })
  await signInAtProvider(page, SSO_PEOPLE.deactivated.login)

  await page.waitForURL((url) => url.pathname === '/oidc_failure')
  await expect(
    page.getByText('Your account is deactivated. Contact your coordinator or an administrator.'),
  ).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('failure-phone.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('failure-desktop.png'), fullPage: true })
  await page.getByRole('link', { name: 'Back to login' }).click()
  await expect(signInButton(page)).toBeVisible()
})

test('logins started in two tabs both complete', async ({ context, page }) => {
  await page.goto('/login')
  await acceptCookies(page)
  const secondTab = await context.newPage()
  await secondTab.goto('/login')
  await openProviderLogin(page)
  await openProviderLogin(secondTab)

  await loginAtProvider(secondTab, SSO_PEOPLE.linked.login)
  expect(await landing(secondTab)).not.toMatch(/^\/(oidc_failure|login)/)
  await loginAtProvider(page, SSO_PEOPLE.linked.login)
  expect(await landing(page)).not.toMatch(/^\/(oidc_failure|login)/)
})
