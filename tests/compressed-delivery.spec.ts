import {
  DEMO_TASK,
  expect,
  openDemoItemSet,
  signInAs,
  test,
  waitForServiceWorker,
} from './fixtures'

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

test.describe('with no service worker answering pages', () => {
  // What the server sends a browser: a registered worker would answer from its precache.
  test.use({ serviceWorkers: 'block' })

  test('an annotator opening their work gets its code preloaded by the page, and uses it', async ({
    page,
  }) => {
    await signInAs(page, 'annotator')
    const { taskId, itemSetId } = await openDemoItemSet(page)
    const answer = await page.goto(`/tasks/${taskId}/${itemSetId}`)
    await expect(page.getByRole('heading', { level: 1, name: DEMO_TASK })).toBeVisible()

    const preloads = [
      ...((await answer?.text()) ?? '').matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
    ].map(([, file]) => file)
    expect(preloads).toEqual([
      expect.stringMatching(/^\/assets\/ui-kit-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/work-[\w-]+\.js$/),
    ])
    // Each fetched once: the start-up script's imports took the preloaded copies.
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    for (const file of preloads)
      expect(
        fetched.filter((url) => url === file),
        file,
      ).toHaveLength(1)

    // The sign-in page of the same browser stays as light as before.
    const login = await page.goto('/login')
    expect(await login?.text()).not.toContain('modulepreload')
  })
})
