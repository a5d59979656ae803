import { expect, test, waitForServiceWorker } from './fixtures'

test('the page and the service worker precache get the app files brotli-compressed', async ({
  page,
  context,
}) => {
  const scriptEncodings = {
    page: new Map<string, string>(),
    serviceWorker: new Map<string, string>(),
  }
  context.on('response', async (response) => {
    const url = new URL(response.url())
    if (!/^\/assets\/.+\.js$/.test(url.pathname) || response.status() !== 200) return
    const encoding = (await response.allHeaders())['content-encoding'] ?? 'identity'
    const fetcher = response.request().serviceWorker() ? 'serviceWorker' : 'page'
    scriptEncodings[fetcher].set(url.pathname, encoding)
  })
  await page.goto('/login')
  await expect(
    page.getByRole('button', { name: 'Sign in with username and password' }),
  ).toBeVisible()
  await waitForServiceWorker(page)

  await expect
    .poll(() => scriptEncodings.serviceWorker.size, { message: 'the precache fetched scripts' })
    .toBeGreaterThan(20)
  for (const fetched of [scriptEncodings.page, scriptEncodings.serviceWorker]) {
    const uncompressed = [...fetched].filter(([, encoding]) => encoding !== 'br')
    // Scripts under 1 KiB are not worth compressing and go out as they are.
    expect(uncompressed.length).toBeLessThan(fetched.size / 2)
  }
  expect(scriptEncodings.page.size).toBeGreaterThan(5)
})
