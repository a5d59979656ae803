import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { e2eEnv } from './env'
import { expect, test, waitForServiceWorker } from './fixtures'

const hasWaitingWorker = () =>
  navigator.serviceWorker.getRegistration().then((registration) => Boolean(registration?.waiting))

test('a new version is offered, never forced: Later keeps the running one, Reload switches', async ({
  page,
}) => {
  await page.goto('/login')
  await waitForServiceWorker(page)

  // Publishing a new version: the served worker script changes, with the compressed copies the
  // build makes of it (the server sends those to browsers).
  const script = path.join(e2eEnv('distDir'), 'sw.js')
  const copies = [script, `${script}.br`, `${script}.gz`]
  const originals = copies.map((file) => fs.readFileSync(file))
  const changed = Buffer.concat([originals[0]!, Buffer.from('\n// a new version\n')])
  fs.writeFileSync(script, changed)
  fs.writeFileSync(`${script}.br`, brotliCompressSync(changed))
  fs.writeFileSync(`${script}.gz`, gzipSync(changed))
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
    for (const [index, file] of copies.entries()) fs.writeFileSync(file, originals[index]!)
  }
})
