import type { Paged } from '../contract/common'
import { apiGet, expect, signInAs, test } from './fixtures'

const DEMO_PROTOCOL = 'Transcription and picture check'

test('a visitor who is not signed in reads a protocol by its link, on a phone too', async ({
  browser,
  page,
}) => {
  const client = await browser.newContext()
  const clientPage = await client.newPage()
  await signInAs(clientPage, 'client')
  const protocols = await apiGet<Paged<{ id: number; name: string }>>(
    clientPage,
    `client/task-protocols/?search=${encodeURIComponent(DEMO_PROTOCOL)}`,
  )
  await client.close()
  const protocol = protocols.results.find((row) => row.name === DEMO_PROTOCOL)
  if (!protocol) throw new Error('the demo protocol is missing')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/protocols/${protocol.id}`)
  // The text opens with the protocol's name: it shows once, as the page's title.
  await expect(page.getByRole('heading', { name: DEMO_PROTOCOL })).toHaveCount(1)
  await expect(page.getByRole('heading', { name: DEMO_PROTOCOL, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: '1. Transcript' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/protocols/${protocol.id}$`))
  await page.screenshot({ path: test.info().outputPath('public-protocol-phone.png') })

  await page.goto('/protocols/999999')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})
