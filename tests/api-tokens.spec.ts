import { request as playwrightRequest } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'
import { expectNoSidewaysOverflow, NARROW_SCREENS } from './layout-support'

test('a token made under Your account → API tokens calls the API alone, until it is revoked', async ({
  page,
  baseURL,
}) => {
  // Sign-in, two page loads and a phone-width pass: more than the default on a busy 2-core machine.
  test.setTimeout(90_000)
  await signInAs(page, 'client')
  await page.goto('/user')
  await page.getByRole('link', { name: 'API tokens' }).click()
  await page.waitForURL('/user/tokens')

  const name = `pipeline ${Date.now()}`
  const form = page.getByRole('form', { name: 'New API token' })
  await form.getByRole('textbox', { name: /^Name/ }).fill(name)
  await form.getByRole('combobox', { name: /^Expires after/ }).click()
  await page.getByRole('option', { name: '30 days' }).click()
  await form.getByRole('button', { name: 'Create a token' }).click()
  const token = await page.getByRole('textbox', { name: 'API token' }).inputValue()
  expect(token).toMatch(/^cw_[\w-]{43}$/)

  // A script: a client of its own with no cookie, sending only the token.
  const script = await playwrightRequest.newContext({ baseURL })
  try {
    const bearer = { Authorization: `Bearer ${token}` }
    const me = await script.get('/api/auth/current-user/', { headers: bearer })
    expect(me.status()).toBe(200)
    expect((await me.json()).username).toBe('client')
    expect(me.headers()['set-cookie']).toBeUndefined()
    const tasks = await script.get('/api/client/tasks/', { headers: bearer })
    expect(tasks.status()).toBe(200)

    // The page lists the token with its use, never the token again.
    await page.getByRole('button', { name: 'Close' }).click()
    await page.reload()
    const row = page.getByRole('table', { name: 'Your API tokens' }).getByRole('row', { name })
    await expect(row).toContainText('from 127.0.0.1')
    await expect(page.getByText(token)).toHaveCount(0)

    // On a phone the list becomes cards, the page does not scroll sideways and Revoke is in reach.
    await page.setViewportSize(NARROW_SCREENS.phone)
    const card = page.getByRole('listitem').filter({ hasText: name })
    await expect(card).toContainText('from 127.0.0.1')
    await expectNoSidewaysOverflow(page)
    const revokeOnPhone = card.getByRole('button', { name: `Revoke the token ${name}` })
    await revokeOnPhone.scrollIntoViewIfNeeded()
    await expect(revokeOnPhone).toBeInViewport()
    await page.setViewportSize({ width: 1280, height: 800 })

    await row.getByRole('button', { name: `Revoke the token ${name}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click()
    await expect(row).toBeHidden()

    const after = await script.get('/api/auth/current-user/', { headers: bearer })
    expect(after.status()).toBe(401)
    expect((await after.json()).code).toBe('token_revoked')
  } finally {
    await script.dispose()
  }
})
