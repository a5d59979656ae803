import type { Page } from '@playwright/test'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { ACTIVITY_SAMPLE_PERIOD_SECONDS } from '../contract/worktime-rules'
import {
  apiGet,
  copyDemoTask,
  expect,
  offlineStoreCount,
  openDemoItemSet,
  signInAs,
  test,
  waitForServiceWorker,
} from './fixtures'

dayjs.extend(utc)

const PERIOD_MS = ACTIVITY_SAMPLE_PERIOD_SECONDS * 1000

// Times on the page are shown in the device's zone: UTC here, so they read like the server's.
test.use({ timezoneId: 'UTC' })

/**
 * Works the way a person does for `ms`: the mouse moves and a key is pressed every few seconds.
 * Real time, not a fast-forwarded page clock: the server corrects each send by the device clock's
 * offset, so a clock jumping ahead would be read (rightly) as a wrong clock.
 */
async function keepActive(page: Page, ms: number) {
  const until = Date.now() + ms
  for (let step = 0; Date.now() < until; step += 1) {
    await page.mouse.move(200 + (step % 7) * 40, 300 + (step % 5) * 30, { steps: 3 })
    await page.keyboard.press('Shift')
    await page.waitForTimeout(Math.min(4_000, Math.max(0, until - Date.now())))
  }
}

/** A figure of the stats cards, in seconds. */
async function statSeconds(page: Page, label: string): Promise<number> {
  const figure = page.getByRole('region', { name: label, exact: true }).locator('[data-figure]')
  await expect(figure).toHaveText(/^\d+:\d\d:\d\d$/)
  const [hours, minutes, seconds] = ((await figure.textContent()) ?? '').split(':').map(Number)
  return (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)
}

/** Picks a day (YYYY-MM-DD) in the calendar of /timelogs: the stats and the list cover it. */
async function pickDay(page: Page, day: string) {
  await page
    .getByRole('region', { name: 'Days with logged time' })
    .getByRole('button', { name: new RegExp(`^${dayjs.utc(day).format('DD MMM YYYY')}`) })
    .click()
}

test.describe('work time', () => {
  test('measured work, online then offline across a reload, lands at the time it was done', async ({
    browser,
    context,
    page,
  }, testInfo) => {
    test.setTimeout(9 * 60_000)
    const task = await copyDemoTask(browser, 'Work time')
    await signInAs(page, 'annotator')
    await openDemoItemSet(page, task.description)
    await waitForServiceWorker(page)

    const startedAt = Date.now()
    await keepActive(page, 2 * PERIOD_MS + 5_000)
    await context.setOffline(true)
    await keepActive(page, 2 * PERIOD_MS + 5_000)
    const endedAt = Date.now()
    // The sample in progress is queued as the page goes; the rest waits in the outbox.
    await page.reload()
    await expect(page.getByText('Available offline')).toBeVisible({ timeout: 20_000 })
    expect(await offlineStoreCount(page, 'outbox')).toBeGreaterThanOrEqual(2)
    await context.setOffline(false)
    await expect.poll(() => offlineStoreCount(page, 'outbox'), { timeout: 60_000 }).toBe(0)

    await page.goto('/timelogs')
    const list = page.getByRole('table', { name: 'Your time logs' })
    const row = list.getByRole('row').filter({ hasText: task.description })
    await expect(row).toHaveCount(1)
    const cells = row.getByRole('cell')
    const start = dayjs.utc(await cells.nth(0).textContent()).valueOf()
    const end = dayjs.utc(await cells.nth(1).textContent()).valueOf()
    // One interval from the first move to the reload: the online and the offline samples joined.
    expect(Math.abs(start - startedAt)).toBeLessThan(5_000)
    expect(Math.abs(end - endedAt)).toBeLessThan(8_000)
    await expect(row.getByText('Automatic')).toBeVisible()
    // The figure sums the task intervals; each is rounded to whole seconds on its own.
    expect(await statSeconds(page, 'Time on tasks')).toBeGreaterThanOrEqual(
      Math.floor((end - start) / 1000) - 1,
    )

    await page.screenshot({ path: testInfo.outputPath('desktop-timelogs.png'), fullPage: true })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.screenshot({ path: testInfo.outputPath('phone-timelogs.png'), fullPage: true })
  })

  test('time logged by hand waits for the coordinator, then counts', async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await signInAs(page, 'annotator')
    // A draft left by an earlier visit: the form starts from it.
    const day = dayjs.utc().subtract(1, 'day').format('YYYY-MM-DD')
    const comment = `Onboarding call ${Date.now()}`
    await page.evaluate(
      ([from, to, text]) =>
        localStorage.setItem(
          'formDrafts',
          JSON.stringify({
            'timelogs.log-time': {
              timelog_type: null,
              start: from,
              end: to,
              item_set: null,
              task: null,
              protocol: null,
              comment: text,
            },
          }),
        ),
      [`${day} 09:00:00`, `${day} 09:30:00`, comment],
    )
    await page.goto('/timelogs')
    // The figures of that day alone: this very visit is work time of today.
    await pickDay(page, day)
    const loggedBefore = await statSeconds(page, 'Total logged')
    const pendingBefore = await statSeconds(page, 'Pending time')

    await page.getByRole('button', { name: 'Log time' }).click()
    const form = page.getByRole('dialog', { name: 'Log time' })
    await expect(form.getByRole('textbox', { name: 'Comment' })).toHaveValue(comment)
    await expect(form.getByRole('button', { name: 'From' })).toHaveText(`${day} 09:00`)
    await form.getByRole('combobox', { name: 'Kind of time' }).click()
    await page.getByRole('option', { name: 'Training' }).click()
    await form.getByRole('button', { name: 'Log time' }).click()
    await expect(form).toBeHidden()
    await expect.poll(() => statSeconds(page, 'Pending time')).toBe(pendingBefore + 1800)
    const row = page.getByRole('row').filter({ hasText: comment })
    await expect(row.getByText('Pending')).toBeVisible()

    const coordinatorPage = await (await browser.newContext()).newPage()
    await signInAs(coordinatorPage, 'coordinator')
    await coordinatorPage.goto('/coordinator/timelogs/pending-logs')
    const pendingRow = coordinatorPage.getByRole('row').filter({ hasText: comment })
    await pendingRow.getByRole('checkbox').check()
    await coordinatorPage.getByRole('textbox', { name: 'Comment' }).fill('Thanks, approved')
    await coordinatorPage.screenshot({
      path: testInfo.outputPath('desktop-pending-logs.png'),
      fullPage: true,
    })
    // The keyboard decides: Alt+A accepts what is selected.
    await coordinatorPage.keyboard.press('Alt+KeyA')
    await expect(pendingRow).toHaveCount(0)
    await coordinatorPage.setViewportSize({ width: 375, height: 812 })
    await coordinatorPage.screenshot({
      path: testInfo.outputPath('phone-pending-logs.png'),
      fullPage: true,
    })

    // The users' logs show it too, also one row per user, day, source and status.
    await coordinatorPage.setViewportSize({ width: 1280, height: 800 })
    await coordinatorPage.goto('/coordinator/timelogs/users')
    await expect(
      coordinatorPage.getByRole('row').filter({ hasText: 'Thanks, approved' }),
    ).toHaveCount(1)
    await coordinatorPage
      .getByRole('switch', { name: 'One row per user, day, source and status' })
      .check()
    const byDay = coordinatorPage.getByRole('table', { name: "Users' logs by day" })
    await expect(byDay.getByRole('row').filter({ hasText: day })).not.toHaveCount(0)
    await coordinatorPage.screenshot({
      path: testInfo.outputPath('desktop-users-logs.png'),
      fullPage: true,
    })
    await coordinatorPage.setViewportSize({ width: 375, height: 812 })
    await coordinatorPage.screenshot({
      path: testInfo.outputPath('phone-users-logs.png'),
      fullPage: true,
    })

    await page.reload()
    await pickDay(page, day)
    await expect.poll(() => statSeconds(page, 'Total logged')).toBe(loggedBefore + 1800)
    const decided = page.getByRole('row').filter({ hasText: `${day} 09:00:00` })
    await expect(decided.getByText('Accepted')).toBeVisible()
    await expect(decided.getByText('Thanks, approved')).toBeVisible()
  })

  test('hours typed as two digits in the time picker: 09 is nine o’clock', async ({ page }) => {
    await signInAs(page, 'annotator')
    await page.goto('/timelogs')
    await page.getByRole('button', { name: 'Log time' }).click()
    const form = page.getByRole('dialog', { name: 'Log time' })
    await form.getByRole('button', { name: 'Clear' }).click()
    await form.getByRole('button', { name: 'From' }).click()
    const picker = page.getByRole('dialog').filter({ has: page.getByRole('spinbutton') })
    await picker.getByRole('button', { name: /^\d+ / }).nth(10).click()
    const [hours, minutes] = [
      picker.getByRole('spinbutton').nth(0),
      picker.getByRole('spinbutton').nth(1),
    ]
    await hours.click()
    await page.keyboard.type('09')
    await expect(hours).toHaveValue('09')
    await expect(minutes).toBeFocused()
    await page.keyboard.type('30')
    await expect(hours).toHaveValue('09')
    await expect(minutes).toHaveValue('30')
  })

  test('a work-time export downloads each user’s paid seconds', async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const today = dayjs.utc()
    const bounds = {
      start: today.startOf('day').toISOString(),
      end: today.add(1, 'day').startOf('day').toISOString(),
    }
    const annotatorPage = await (await browser.newContext()).newPage()
    await signInAs(annotatorPage, 'annotator')
    const stats = await apiGet<{ paid_time: number }>(
      annotatorPage,
      `timelogs/stats/?start=${bounds.start}&end=${bounds.end}`,
    )

    await signInAs(page, 'coordinator')
    await page.goto('/coordinator/timelogs/work-time-export')
    await page.getByRole('button', { name: 'Time frame' }).click()
    const day = page.getByRole('button', { name: today.format('D MMMM YYYY'), exact: true })
    await day.click()
    await day.click()
    await page.getByRole('button', { name: 'Export work time' }).click()
    const table = page.getByRole('table', { name: 'Work time exports' })
    const row = table.getByRole('row').nth(1)
    await expect(row.getByText('Finished')).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: testInfo.outputPath('desktop-exports.png'), fullPage: true })

    const download = page.waitForEvent('download')
    await row.getByRole('button', { name: /^Download export \d+ as CSV$/ }).click()
    const file = await (await download).path()
    const { readFile } = await import('node:fs/promises')
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/)
    const annotatorLine = lines.find((line) => line.split(',').includes('annotator'))
    expect(annotatorLine, lines.join('\n')).toBeDefined()
    expect(Number(annotatorLine?.split(',').at(-1))).toBe(stats.paid_time)

    await page.setViewportSize({ width: 375, height: 812 })
    await page.screenshot({ path: testInfo.outputPath('phone-exports.png'), fullPage: true })
  })
})
