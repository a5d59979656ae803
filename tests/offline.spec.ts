import { expect, test, waitForServiceWorker } from './fixtures'

const revealPasswordForm = 'Sign in with username and password'

test.describe('offline start', () => {
  test('the app starts offline at the root and at deep links once the worker is active', async ({
    page,
    context,
  }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    await expect(page.getByText('Ready to work offline')).toBeVisible()
    await expect(page.getByRole('button', { name: revealPasswordForm })).toBeVisible()
    // Fetched online through the worker: were API answers cached, this would come back offline.
    expect(await page.evaluate(async () => (await fetch('/api/schema/')).status)).toBe(200)

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page).toHaveTitle('Crowdwork')
      await expect(page.getByRole('button', { name: revealPasswordForm })).toBeVisible()

      await page.goto('/')
      await expect(page.locator('#root')).not.toBeEmpty()
      await page.goto('/login')
      await expect(page.getByRole('button', { name: revealPasswordForm })).toBeVisible()
      await page.goto('/no/such/page')
      await expect(page.getByText('Page not found')).toBeVisible()

      // The API is the server's: never answered from the worker's caches.
      const apiOffline = await page.evaluate(() =>
        fetch('/api/schema/').then(
          (response) => `answered ${response.status}`,
          () => 'network error',
        ),
      )
      expect(apiOffline).toBe('network error')
      await expect(page.goto('/api/docs')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
    } finally {
      await context.setOffline(false)
    }
  })

  test('the manifest and the icons are available offline', async ({ page, context }) => {
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    try {
      const statuses = await page.evaluate(async () => {
        const paths = [
          '/manifest.webmanifest',
          '/icons/icon-192.png',
          '/icons/icon-512.png',
          '/icons/icon-512-maskable.png',
        ]
        return Promise.all(paths.map(async (path) => `${path} ${(await fetch(path)).status}`))
      })
      expect(statuses).toEqual([
        '/manifest.webmanifest 200',
        '/icons/icon-192.png 200',
        '/icons/icon-512.png 200',
        '/icons/icon-512-maskable.png 200',
      ])
    } finally {
      await context.setOffline(false)
    }
  })

  test('a display language loaded online is still applied offline', async ({ page, context }) => {
    await page.addInitScript(() => localStorage.setItem('displayLanguage', JSON.stringify('fr')))
    await page.goto('/login')
    await waitForServiceWorker(page)
    // The first load ran before the worker existed; this one goes through it and fills its cache.
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    const cached = await page.evaluate(async () => {
      const cache = await caches.open('locales')
      return (await cache.keys()).map((request) => new URL(request.url).pathname)
    })
    expect(cached).toEqual([expect.stringMatching(/^\/locales\/.+\.js$/)])

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.locator('#root')).not.toBeEmpty()
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
    } finally {
      await context.setOffline(false)
    }
  })
})
