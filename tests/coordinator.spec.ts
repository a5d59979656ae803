import type { Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import { apiGet, apiSend, copyDemoTask, expect, signInAs, test } from './fixtures'

const PASSWORD = 'a long enough secret'

/** Picks `option` in the Mantine select or multi-select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await page.keyboard.press('Escape')
}

/** Makes a registration link for `email` whose accounts join the demo annotators too. */
async function registrationLink(coordinator: Page, email: string) {
  await coordinator.goto('/coordinator/users/register')
  const form = coordinator.getByRole('form', { name: 'New registration key' })
  await form.getByRole('textbox', { name: /^E-mail/ }).fill(email)
  await form.getByRole('combobox', { name: 'Groups the new accounts join' }).click()
  await coordinator.getByRole('option', { name: 'Demo annotators' }).click()
  await coordinator.keyboard.press('Escape')
  await form.getByRole('button', { name: 'Create a registration link' }).click()
  return coordinator.getByRole('textbox', { name: 'Link' }).inputValue()
}

/** Registers through the link in `visitor`'s browser and answers the username given. */
async function register(visitor: Page, link: string) {
  const url = new URL(link)
  await visitor.goto(url.pathname + url.search)
  const banner = visitor.getByRole('dialog', { name: 'Our website uses cookies' })
  await banner.getByRole('button', { name: 'I understand' }).click()
  await visitor.getByRole('textbox', { name: /^First name/ }).fill('Vera')
  await visitor.getByRole('textbox', { name: /^Last name/ }).fill('Volunteer')
  const usernameBox = visitor.getByRole('textbox', { name: /^Username/ })
  await expect(usernameBox).not.toHaveValue('')
  const username = await usernameBox.inputValue()
  await visitor.getByLabel(/^New password/).fill(PASSWORD)
  await visitor.getByLabel(/^Repeat the new password/).fill(PASSWORD)
  await visitor.getByRole('button', { name: 'Create account' }).click()
  await visitor.waitForURL(/\/login\/\w+/)
  return username
}

/** The worker takes an item set of the task and finishes its first item through the API. */
async function annotateOneItem(worker: Page, description: string) {
  const tasks = await apiGet<Paged<WorkerTask>>(worker, 'endworker/tasks/')
  const task = tasks.results.find((candidate) => candidate.description === description)
  if (!task) throw new Error(`${description} is not offered to the new worker`)
  await apiSend(worker, 'POST', `endworker/protocols/${task.protocol.id}/confirm/`)
  const set = await apiSend<WorkerItemSet>(worker, 'POST', `endworker/tasks/${task.id}/item-sets/`)
  const [item] = set.items
  if (!item) throw new Error('the item set is empty')
  await apiSend(worker, 'PUT', `endworker/item-sets/${set.id}/items/${item.id}/annotation/`, {
    data: { transcript: 'anonymous work', speaker: 'woman', picture_matches: 'true' },
    is_done: true,
    client_updated_at: new Date().toISOString(),
  })
  return { taskId: task.id, itemSetId: set.id }
}

test('a coordinator invites, approves, groups, ends a lock and anonymizes a worker whose work stays', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const { description } = await copyDemoTask(browser, 'Coordinator flow')
  await signInAs(page, 'coordinator')
  const email = `vera${Date.now()}@example.org`
  const link = await registrationLink(page, email)

  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  const clientContext = await browser.newContext()
  try {
    const username = await register(visitor, link)
    await signInAs(visitor, username, PASSWORD)
    const { id: workerId } = await apiGet<{ id: number }>(visitor, 'auth/current-user/')

    // The first choice of languages applies at once; a later change waits for the coordinator.
    await visitor.goto('/user?tab=profile')
    await choose(visitor, 'Main language', 'Polish')
    await choose(visitor, 'Languages', 'Polish')
    await choose(visitor, 'Languages', 'English')
    await choose(visitor, 'Native languages', 'Polish')
    await visitor.getByRole('button', { name: 'Save profile' }).click()
    await expect(visitor.getByText('Approved automatically')).toBeVisible()
    await choose(visitor, 'Languages', 'French')
    await visitor.getByRole('button', { name: 'Save profile' }).click()
    await expect(visitor.getByText('Waiting for approval')).toBeVisible()

    // The coordinator sees the alert on the user and decides the change.
    await page.goto(`/coordinator/users/list?search=${encodeURIComponent(username)}`)
    const users = page.getByRole('table', { name: 'Users' })
    const row = users.getByRole('row', { name: new RegExp(username) })
    await expect(row.getByText('Profile under approval')).toBeVisible()
    await page.getByRole('link', { name: /^Profile approvals/ }).click()
    const request = page.getByRole('article', { name: username })
    await expect(request.getByText('Languages: English, French, Polish')).toBeVisible()
    await request.getByRole('button', { name: `Approve the change of ${username}` }).click()
    await expect(page.getByText(`The new languages of ${username} apply now.`)).toBeVisible()
    await expect(request).toBeHidden()

    await visitor.reload()
    await expect(visitor.getByText('Approved by a coordinator')).toBeVisible()

    // Users → Groups: the key put the worker in the coordination group too. Taking them out is
    // kept across a reload until saved; then they are found by name and put back.
    await page.getByRole('link', { name: /^Groups/ }).click()
    const members = page.getByRole('region', { name: 'Members of Demo coordination' })
    const vera = members.getByRole('listitem', { name: `Vera Volunteer (${username})` })
    await vera.getByRole('button', { name: `Remove ${username}` }).click()
    await expect(members.getByText('0 to add, 1 to remove')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('alert', { name: 'Unsaved changes restored' })).toBeVisible()
    await expect(vera).toContainText('To remove')
    await members.getByRole('button', { name: 'Save members' }).click()
    await expect(page.getByText('The members of Demo coordination are saved.')).toBeVisible()
    await expect(vera).toBeHidden()
    const coordinationMembers = async () =>
      (
        await apiGet<{ name: string; id: number; user_set: number[] }[]>(
          page,
          'coordinator/groups-all/',
        )
      ).find((group) => group.name === 'Demo coordination')
    expect((await coordinationMembers())?.user_set).not.toContain(workerId)
    await members.getByRole('combobox', { name: 'Add a member' }).fill('Vera')
    await page.getByRole('option', { name: `Vera Volunteer (${username})` }).click()
    await expect(vera).toContainText('To add')
    await members.getByRole('button', { name: 'Save members' }).click()
    await expect(vera).not.toContainText('To add')
    const coordination = await coordinationMembers()
    expect(coordination?.user_set).toContain(workerId)

    // The spec's reset-key payload names no coordination group: the coordinator's only one is used.
    const resetKey = await apiSend<{ coordination_group: number; email: string }>(
      page,
      'POST',
      'coordinator/reset-password-keys/',
      { email },
    )
    expect(resetKey.coordination_group).toBe(coordination?.id)

    // The worker takes a set; the coordinator ends its lock.
    const { taskId, itemSetId } = await annotateOneItem(visitor, description)
    await page.goto(`/coordinator/item-sets?search=${encodeURIComponent(username)}`)
    const setRow = page
      .getByRole('table', { name: 'Item sets' })
      .getByRole('row', { name: new RegExp(`#${itemSetId}`) })
    await expect(setRow.getByText('1 of 3 items')).toBeVisible()
    await setRow.getByRole('button', { name: `End lock of set ${itemSetId}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'End lock' }).click()
    await expect(setRow.getByText('Ended')).toBeVisible()
    // The done item stays; the row still counts what the set held.
    await expect(setRow.getByText('1 of 3 items')).toBeVisible()
    await expect(setRow.getByText('2 items went back to the pool')).toBeVisible()

    // Anonymizing asks first, and says it cannot be undone.
    await page.goto(`/coordinator/users/list?search=${encodeURIComponent(username)}`)
    await row.getByRole('button', { name: `Anonymize ${username}` }).click()
    const confirm = page.getByRole('dialog', { name: `Anonymize ${username}?` })
    await expect(confirm.getByText(/This cannot be undone/)).toBeVisible()
    await confirm.getByRole('button', { name: 'Anonymize for good' }).click()
    const anonymous = `anonymous-${workerId}`
    await expect(page.getByText(`The account is now ${anonymous}.`)).toBeVisible()
    await page.goto(`/coordinator/users/list?search=${anonymous}`)
    await expect(
      page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(anonymous) }),
    ).toContainText('Anonymized')
    // The reset key made for the worker's e-mail went with the person.
    const resetKeys = await apiGet<Paged<{ email: string }>>(
      page,
      'coordinator/reset-password-keys/',
    )
    expect(resetKeys.results.map((key) => key.email)).not.toContain(email)
    await page.goto('/coordinator/users/reset')
    await expect(page.getByRole('heading', { name: 'Password reset keys' }).first()).toBeVisible()
    await expect(page.getByText(email)).toHaveCount(0)

    // The client's export still has the annotation, by the anonymous account.
    const client = await clientContext.newPage()
    await signInAs(client, 'client')
    await apiSend(client, 'PATCH', `client/tasks/${taskId}/`, { download_enabled: true })
    await apiSend(client, 'POST', `client/tasks/${taskId}/dump_async/`, {
      include_author_id: true,
      include_not_done_items: true,
    })
    await expect
      .poll(
        async () =>
          (await apiGet<{ status: string }>(client, `client/tasks/${taskId}/dump_async/`)).status,
        { timeout: 30_000 },
      )
      .toBe('FINISHED')
    const exported = await client.evaluate(async (url) => {
      const response = await fetch(url)
      return response.text()
    }, `/api/client/tasks/${taskId}/dump_async/file/`)
    const annotations = exported
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap(
        (line) =>
          (JSON.parse(line) as { annotations: { author_id?: number; data: unknown }[] })
            .annotations,
      )
    expect(annotations).toContainEqual(
      expect.objectContaining({
        author_id: workerId,
        data: expect.objectContaining({ transcript: 'anonymous work' }),
      }),
    )
    const listed = await apiGet<Paged<{ user: { username: string } }>>(
      client,
      `client/tasks/${taskId}/annotations/`,
    )
    expect(listed.results.map((annotation) => annotation.user.username)).toContain(anonymous)
  } finally {
    await visitorContext.close()
    await clientContext.close()
  }
})
