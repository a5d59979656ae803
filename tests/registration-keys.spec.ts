import { expect, signInAs, test } from './fixtures'

test('a coordinator makes a registration link and a new person creates an account with it', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'coordinator')
  await page.goto('/coordinator/users/register')
  const form = page.getByRole('form', { name: 'New registration key' })
  const email = `newcomer${Date.now()}@example.org`
  await form.getByRole('textbox', { name: /^E-mail/ }).fill(email)
  await form.getByRole('button', { name: 'Create a registration link' }).click()
  const link = await page.getByRole('textbox', { name: 'Link' }).inputValue()
  expect(link).toMatch(/\/register\?key=/)
  await expect(
    page
      .getByRole('table', { name: 'Registration keys' })
      .getByRole('row', { name: new RegExp(email) }),
  ).toBeVisible()

  // The new person opens the link in a browser of their own.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  try {
    await visitor.goto(new URL(link).pathname + new URL(link).search)
    const banner = visitor.getByRole('dialog', { name: 'Our website uses cookies' })
    await banner.getByRole('button', { name: 'I understand' }).click()
    await visitor.getByRole('textbox', { name: /^First name/ }).fill('Nina')
    await visitor.getByRole('textbox', { name: /^Last name/ }).fill('Newcomer')
    // The link was made for this address, so the form takes it from the link.
    await expect(visitor.getByRole('textbox', { name: /^E-mail/ })).toHaveValue(email)
    await expect(visitor.getByRole('textbox', { name: /^Username/ })).not.toHaveValue('')
    await visitor.getByLabel(/^New password/).fill('a long enough secret')
    await visitor.getByLabel(/^Repeat the new password/).fill('a long enough secret')
    await visitor.getByRole('button', { name: 'Create account' }).click()
    await visitor.waitForURL(/\/login\/\w+/)
    await expect(
      visitor.getByText('Your account has been created. You can sign in now.'),
    ).toBeVisible()
  } finally {
    await visitorContext.close()
  }

  // The key gave its one account away, as the coordinator sees on the next visit of the list.
  await page.reload()
  await expect(
    page
      .getByRole('table', { name: 'Registration keys' })
      .getByRole('row', { name: new RegExp(email) })
      .getByRole('cell', { name: '0', exact: true }),
  ).toBeVisible()
})
