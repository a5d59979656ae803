import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, signInAs, test } from './fixtures'

type Received = { headers: http.IncomingHttpHeaders; body: string }

/** A receiver on this machine (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true). */
async function startReceiver() {
  const received: Received[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The receiver's check, as the README shows it: HMAC-SHA256 of `id.timestamp.body`. */
function signatureHolds(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`
  const expected = crypto.createHmac('sha256', key).update(signed).digest('base64')
  return String(headers['webhook-signature']).split(' ').includes(`v1,${expected}`)
}

test('a client registers a webhook, copies its secret and receives a signed test event', async ({
  page,
}) => {
  const receiver = await startReceiver()
  try {
    await signInAs(page, 'client')
    await page.goto('/client/webhooks')
    await page.getByRole('button', { name: 'New webhook' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New webhook' })
    // The demo client has one group, which the form starts with.
    await expect(dialog.getByRole('combobox', { name: 'Client group' })).not.toHaveValue('')
    await dialog.getByRole('textbox', { name: /Receiver URL/ }).fill(receiver.url)
    await dialog.getByRole('checkbox', { name: /A task was finished/ }).check()
    await dialog.getByRole('button', { name: 'Create the webhook' }).click()

    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue()
    expect(secret).toMatch(/^whsec_/)
    await page.getByRole('link', { name: receiver.url }).first().click()
    await page.getByRole('button', { name: 'Send test event' }).click()

    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1)
    const [delivery] = receiver.received
    expect(signatureHolds(secret, delivery!)).toBe(true)
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'webhook.test' })

    // The log refreshes by itself while it is shown.
    const log = page.getByRole('table', { name: 'Delivery log' })
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toContainText('Delivered', {
      timeout: 15_000,
    })

    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Delete the webhook?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await page.waitForURL((url) => url.pathname === '/client/webhooks')
    await expect(page.getByRole('link', { name: receiver.url })).toHaveCount(0)
  } finally {
    await receiver.close()
  }
})
