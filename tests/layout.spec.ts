import type { Browser, Page, TestInfo } from '@playwright/test'
import { type DemoUser, expect, openDemoItemSet, signInAs, test } from './fixtures'
import {
  columnName,
  expectInReachWithoutSidewaysScrolling,
  expectNoSidewaysOverflow,
  NARROW_SCREENS,
} from './layout-support'
import { drawDemoReviewItems } from './review-support'

/**
 * A list page: its heading, then what a user decides by, which must be on the screen without
 * scrolling sideways: column names (a table's headers or each card's field names) and values.
 * `reachable` names columns of a hand-made wide table that scrolls inside its own box instead.
 */
type ListPage = {
  path: string
  heading: string | RegExp
  columns?: string[]
  values?: string[]
  reachable?: string[]
}

async function signedIn(browser: Browser, user: DemoUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAs(page, user)
  return page
}

/** Visits each list at each narrow size, with a screenshot of each for a look. */
async function checkLists(page: Page, user: DemoUser, lists: ListPage[], testInfo: TestInfo) {
  for (const [screen, size] of Object.entries(NARROW_SCREENS)) {
    await page.setViewportSize(size)
    for (const list of lists) {
      await test.step(`${user} ${list.path} on a ${screen}`, async () => {
        await page.goto(list.path)
        await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible({
          timeout: 20_000,
        })
        const main = page.getByRole('main')
        for (const value of list.values ?? []) {
          await expectInReachWithoutSidewaysScrolling(
            main.getByText(value, { exact: true }).first(),
          )
        }
        for (const name of list.columns ?? []) {
          await expectInReachWithoutSidewaysScrolling(columnName(page, name))
        }
        for (const name of list.reachable ?? []) {
          const header = main.getByRole('columnheader', { name, exact: true })
          await header.scrollIntoViewIfNeeded()
          await expect(header).toBeInViewport({ ratio: 1 })
          // Back to its start: the router restores a box's scroll when the page is opened again.
          await header.evaluate((element) => {
            let box = element.parentElement
            while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement
            box?.scrollTo({ left: 0 })
          })
        }
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.screenshot({
          path: testInfo.outputPath(`${screen}-${user}${list.path.replaceAll('/', '_')}.png`),
        })
        await expectNoSidewaysOverflow(page)
      })
    }
  }
}

test.describe('list pages on a tablet and a phone', () => {
  test.setTimeout(300_000)

  test("every role's lists keep their key columns on the screen, and no page scrolls sideways", async ({
    browser,
  }, testInfo) => {
    const { taskId, description, workerPage } = await drawDemoReviewItems(browser, 'Layout', 3)

    const reviewer = await signedIn(browser, 'reviewer')
    await reviewer.goto(`/review/perform/${taskId}`)
    const card = reviewer.getByRole('article', { name: /^Review item #\d+$/ }).first()
    await card.getByRole('radio', { name: '4 Very good' }).click()
    await expect(
      card.getByLabel('Your review was validated and saved in the database'),
    ).toBeVisible({ timeout: 20_000 })
    await checkLists(
      reviewer,
      'reviewer',
      [
        {
          path: '/review/perform',
          heading: 'Available Review Items',
          values: [description],
          columns: ['Available', 'Languages', 'Protocol'],
        },
        { path: '/review/reviewed', heading: 'Reviewed Items', values: [description] },
      ],
      testInfo,
    )

    await checkLists(
      workerPage,
      'annotator',
      [
        { path: '/tasks', heading: 'Tasks', values: [description] },
        {
          path: `/feedback/${taskId}`,
          heading: 'Feedback Items',
          columns: ['Protocol', 'Reviewed', 'Mark'],
        },
      ],
      testInfo,
    )

    await checkLists(
      await signedIn(browser, 'client'),
      'client',
      [
        {
          path: '/client/tasks/active',
          heading: 'Active Tasks',
          values: [description],
          reachable: ['Items done', 'Created', 'Deadline'],
        },
      ],
      testInfo,
    )

    await checkLists(
      await signedIn(browser, 'coordinator'),
      'coordinator',
      [
        {
          path: '/coordinator/users/list',
          heading: 'Users list',
          values: ['annotator', 'English, Polish'],
          columns: ['Languages', 'Availability', 'Ratio', 'Actions'],
        },
        {
          path: '/coordinator/item-sets',
          heading: 'Item Sets',
          columns: ['Worker', 'Progress', 'Lock', 'Actions'],
        },
      ],
      testInfo,
    )

    await checkLists(
      await signedIn(browser, 'finance'),
      'finance',
      [{ path: '/finance/finance-exports', heading: 'Finance exports' }],
      testInfo,
    )

    await checkLists(
      await signedIn(browser, 'admin'),
      'admin',
      [{ path: '/admin_panel/users/list', heading: /Users/, values: ['annotator'] }],
      testInfo,
    )
  })

  test('on a phone, annotating keeps one status line in view and lets the headers scroll away', async ({
    browser,
  }, testInfo) => {
    const page = await (await browser.newContext({ viewport: NARROW_SCREENS.phone })).newPage()
    await signInAs(page, 'annotator')
    await openDemoItemSet(page)
    const title = page.getByRole('heading', { level: 1 })
    const brand = page.getByRole('banner').getByRole('link', { name: 'Crowdwork' })
    await expect(title).toBeInViewport()

    await page.mouse.wheel(0, 900)
    const progress = page.getByRole('progressbar', { name: 'Items done' })
    await expect(progress).toBeInViewport()
    await expect(page.getByText(/^Lock ends in/)).toBeAttached()
    await expect(page.getByRole('button', { name: /^Sync status/ })).toBeInViewport()
    await expect(title).not.toBeInViewport()
    await expect(brand).not.toBeInViewport()
    const bar = await progress.evaluate((element) => {
      let part: Element | null = element
      while (part && getComputedStyle(part).position !== 'sticky') part = part.parentElement
      return part?.getBoundingClientRect()
    })
    // What stays on the screen takes a line, not 40 % of it.
    expect(bar?.top).toBe(0)
    expect(bar?.height).toBeLessThan(NARROW_SCREENS.phone.height * 0.1)
    await page.screenshot({ path: testInfo.outputPath('phone-annotating.png') })
  })

  test('follows a dark system, and Settings chooses another scheme for this device', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme')
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    await signInAs(page, 'annotator')
    await expect.poll(scheme).toBe('dark')
    expect(await background()).toBe('rgb(36, 36, 36)')

    await page.goto('/user/settings')
    const choice = page.getByRole('radiogroup', { name: 'Colour scheme' })
    await expect(choice.getByRole('radio', { name: 'As the system' })).toBeChecked()
    await choice.getByText('Light', { exact: true }).click()
    await expect.poll(scheme).toBe('light')
    expect(await background()).toBe('rgb(255, 255, 255)')

    await page.reload()
    await expect.poll(scheme).toBe('light')
    await expect(choice.getByRole('radio', { name: 'Light' })).toBeChecked()
    await context.close()
  })
})
