import fs from 'node:fs'
import path from 'node:path'
import { e2eEnv } from './env'
import { expect, test, waitForServiceWorker } from './fixtures'

const hasWaitingWorker = () =>
  navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting))

test('a new version is offered, never forced: Later keeps the running one, Reload switches', async ({
  page,
}) => {
  await page.goto('/login')
  await waitForServiceWorker(page)

  // Publishing a new version: the served worker script changes.
  const script = path.join(e2eEnv('distDir'), 'sw.js')
  const original = fs.readFileSync(script)
  fs.writeFileSync(script, Buffer.concat([original, Buffer.from('\n// a new version\n')]))
  try {
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    const offer = page.getByText('A new version is available')
    await expect(offer).toBeVisible()

    await page.getByRole('button', { name: 'Later' }).click()
    await expect(offer).toBeHidden()
    expect(await page.evaluate(hasWaitingWorker)).toBe(true)

    // Reloading the page does not slip the update in either; the offer comes back.
    await page.reload()
    await expect(offer).toBeVisible()
    expect(await page.evaluate(hasWaitingWorker)).toBe(true)

    // The page reloads only once the new worker controls it.
    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Reload' }).click()
    await reloaded
    await waitForServiceWorker(page)
    expect(await page.evaluate(hasWaitingWorker)).toBe(false)
    await expect(offer).toBeHidden()
  } finally {
    fs.writeFileSync(script, original)
  }
})
