import { DEMO_USERS, expect, signInAs, test } from './fixtures'

for (const username of DEMO_USERS) {
  test(`signInAs opens a real session for ${username}`, async ({ page }) => {
    await signInAs(page, username)
    expect(new URL(page.url()).pathname).not.toMatch(/^\/login/)

    const session = await page.evaluate(async () => {
      const response = await fetch('/api/auth/current-user/')
      return { status: response.status, body: await response.json() }
    })
    expect(session.status).toBe(200)
    expect(session.body.username).toBe(username)
    expect(session.body.clause_accepted_date, 'the clause is accepted').toBeTruthy()
  })
}
