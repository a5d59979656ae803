import { type DemoUser, expect, signInAs, test } from './fixtures'

/** What each demo account must see in the top navigation, exactly and in this order. */
const MENUS: Record<DemoUser, string[]> = {
  annotator: ['Tasks', 'Feedback', 'Timelogs'],
  reviewer: ['Timelogs', 'Review'],
  client: ['Timelogs', 'Client'],
  coordinator: ['Timelogs', 'Coordinator'],
  finance: ['Timelogs', 'Finance'],
  admin: ['Tasks', 'Feedback', 'Timelogs', 'Review', 'Client', 'Coordinator', 'Admin'],
}

/** An area each account may open, and one it must be refused. */
const AREAS: Record<DemoUser, { allowed: string; heading: RegExp; refused: string }> = {
  annotator: { allowed: '/tasks/', heading: /tasks/i, refused: '/client/' },
  reviewer: { allowed: '/review/perform', heading: /review/i, refused: '/coordinator/' },
  client: { allowed: '/client/', heading: /tasks/i, refused: '/tasks/' },
  coordinator: { allowed: '/coordinator/', heading: /users/i, refused: '/admin_panel/' },
  finance: { allowed: '/finance/', heading: /finance|exports/i, refused: '/client/' },
  admin: { allowed: '/admin_panel/', heading: /users|admin/i, refused: '/nowhere-at-all' },
}

for (const [username, menu] of Object.entries(MENUS) as [DemoUser, string[]][]) {
  test(`${username} sees exactly their menu and can sign out`, async ({ page }) => {
    await signInAs(page, username)
    const navigation = page.getByRole('navigation', { name: 'Main navigation' })
    await expect(navigation.getByRole('link')).toHaveText(
      menu.map((label) => new RegExp(`^${label}`)),
    )

    const area = AREAS[username]
    await page.goto(area.allowed)
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(area.heading)
    await page.goto(area.refused)
    if (username === 'admin') {
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    } else {
      await expect(page).toHaveURL(/\/403$/)
      await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible()
    }

    await page.getByRole('button', { name: new RegExp(username) }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    const session = await page.evaluate(async () => (await fetch('/api/auth/current-user/')).status)
    expect(session).toBe(401)
  })
}

test('a protected page asks for sign-in and comes back after it', async ({ page }) => {
  await page.goto('/coordinator/')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await signInAs(page, 'coordinator')
  await page.goto('/coordinator/')
  await expect(page).toHaveURL(/\/coordinator\//)
})

test('signing out in one tab signs out the others', async ({ context }) => {
  const first = await context.newPage()
  await signInAs(first, 'annotator')
  const second = await context.newPage()
  await second.goto('/user/')
  await expect(second.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await first.getByRole('button', { name: /annotator/ }).click()
  await first.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(second).toHaveURL(/\/login/)
})

test('signing out sends the last work-time sample first and lands on plain /login', async ({
  page,
}) => {
  await signInAs(page, 'annotator')
  await page.goto('/timelogs')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const calls: string[] = []
  const refused: string[] = []
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname
    if (path === '/api/timelogs/submit-activity/' || path === '/api/auth/session/logout/') {
      calls.push(path)
    }
    if (response.status() === 401) refused.push(path)
  })
  // Work on the page: moves and key presses start a sample that sign-out must finish.
  for (let step = 0; step < 3; step += 1) {
    await page.mouse.move(200 + step * 40, 300, { steps: 3 })
    await page.keyboard.press('Shift')
  }

  await page.getByRole('button', { name: /annotator/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()

  // Every sample, the one in progress at sign-out included, went before the session ended.
  expect(calls.at(-1)).toBe('/api/auth/session/logout/')
  expect(calls.slice(0, -1)).toContain('/api/timelogs/submit-activity/')
  // No call was refused for want of a session, so nothing sends the user round again.
  expect(refused).toEqual([])
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login')
})
