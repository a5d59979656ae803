import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import {
  apiGet,
  DEMO_TASK,
  type DemoUser,
  expect,
  openDemoItemSet,
  signInAs,
  test,
} from './fixtures'

/**
 * axe-core over every page of every role, failing on serious and critical violations (issue 27
 * §7). Each role gets one browser context and visits its pages in turn; a page is checked once
 * its heading is up and nothing is loading.
 */

const AXE = path.resolve(import.meta.dirname, '..', 'node_modules', 'axe-core', 'axe.min.js')

type Violation = { rule: string; impact: string; help: string; nodes: string[] }

declare global {
  interface Window {
    axe?: {
      run: (
        context: Document,
        options: object,
      ) => Promise<{
        violations: {
          id: string
          impact: string | null
          help: string
          nodes: { target: unknown[]; failureSummary?: string }[]
        }[]
      }>
    }
  }
}

/** The serious and critical violations of what the page shows now. */
async function violations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  // A modal or menu still fading in is half transparent: its colours are checked once it is shown.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  )
  return page.evaluate(async () => {
    const result = await window.axe!.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes.map(
          (node) => `${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`,
        ),
      }))
  })
}

/** Checks what the page shows now; failures are listed with the page and go on to the next. */
async function expectAccessible(page: Page, where: string) {
  const found = await violations(page)
  const readable = found.map(
    (violation) =>
      `${violation.impact} ${violation.rule} (${violation.help}):\n    ${violation.nodes.join('\n    ')}`,
  )
  expect.soft(readable, `serious and critical accessibility violations on ${where}`).toEqual([])
}

/** Opens `url` and waits until it has its heading and nothing on it is loading. */
async function visit(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('[role="status"]:has(.mantine-Loader-root):visible')).toHaveCount(0, {
    timeout: 20_000,
  })
}

async function checkPages(page: Page, urls: string[]) {
  for (const url of urls) {
    await test.step(url, async () => {
      await visit(page, url)
      await expectAccessible(page, url)
    })
  }
}

async function signedIn(browser: Browser, user: DemoUser): Promise<Page> {
  // axe is injected as a script tag, which the app's Content-Security-Policy refuses.
  const context = await browser.newContext({ bypassCSP: true })
  const page = await context.newPage()
  await signInAs(page, user)
  return page
}

const ACCOUNT_PAGES = ['/user', '/user/password', '/user/settings', '/user/tokens', '/timelogs']

type DemoTaskDetail = {
  id: number
  description: string
  task_type: { id: number }
  schema: { id: number }
  protocol: { id: number }
}

test.describe('accessibility', () => {
  test.setTimeout(240_000)

  test('the pages before sign-in', async ({ browser }) => {
    const page = await (await browser.newContext({ bypassCSP: true })).newPage()
    await checkPages(page, ['/login', '/register', '/recover'])
    await page.context().close()
  })

  test("the annotator's and the reviewer's pages", async ({ browser }) => {
    const annotator = await signedIn(browser, 'annotator')
    const tasks = await apiGet<Paged<{ id: number; description: string }>>(
      annotator,
      'endworker/tasks/',
    )
    const demo = tasks.results.find((task) => task.description === DEMO_TASK)
    await checkPages(annotator, ['/tasks', '/feedback', `/feedback/${demo?.id}`, ...ACCOUNT_PAGES])
    await test.step('an item set', async () => {
      await openDemoItemSet(annotator)
      await expectAccessible(annotator, 'an item set')
    })
    await annotator.context().close()

    const reviewer = await signedIn(browser, 'reviewer')
    const reviewTasks = await apiGet<Paged<{ id: number }>>(reviewer, 'review/tasks/')
    await checkPages(reviewer, [
      '/review/perform',
      '/review/reviewed',
      ...reviewTasks.results.slice(0, 1).map((task) => `/review/perform/${task.id}`),
    ])
    await reviewer.context().close()
  })

  test("the client's pages, with a Select's clear button and a calendar", async ({ browser }) => {
    const page = await signedIn(browser, 'client')
    const list = await apiGet<Paged<{ id: number; description: string }>>(
      page,
      `client/tasks/?search=${encodeURIComponent(DEMO_TASK)}&limit=100`,
    )
    const demoId = list.results.find((task) => task.description === DEMO_TASK)?.id
    const demo = await apiGet<DemoTaskDetail>(page, `client/tasks/${demoId}/`)
    const definitions = '/client/tasks-definitions'
    await checkPages(page, [
      '/client/tasks/archive',
      '/client/tasks/annotations',
      '/client/tasks/overview',
      `/client/tasks/${demo.id}/panel`,
      `/client/tasks/${demo.id}/local_settings`,
      `${definitions}/task-types`,
      `${definitions}/task-types/creator`,
      `${definitions}/task-types/${demo.task_type.id}`,
      `${definitions}/task-types/${demo.task_type.id}/settings`,
      `${definitions}/task-types/${demo.task_type.id}/upload`,
      `${definitions}/task-protocols`,
      `${definitions}/task-protocols/creator`,
      `${definitions}/task-protocols/${demo.protocol.id}`,
      `${definitions}/task-protocols/${demo.protocol.id}/preview`,
      `${definitions}/task-protocols/${demo.protocol.id}/settings`,
      `${definitions}/task-schemas`,
      `${definitions}/task-schemas/creator`,
      `${definitions}/task-schemas/${demo.schema.id}`,
      `${definitions}/task-schemas/${demo.schema.id}/settings`,
      '/client/webhooks',
      ...ACCOUNT_PAGES,
    ])

    await test.step('the active tasks, the status filter cleared by its button', async () => {
      await visit(page, '/client/tasks/active')
      const hidden = page.getByRole('combobox', { name: 'Statuses hidden' })
      await expect(page.getByRole('button', { name: 'Clear' })).toBeAttached()
      await expectAccessible(page, '/client/tasks/active')
      await page.getByRole('button', { name: 'Clear' }).click({ force: true })
      await expect(hidden).toHaveAttribute('placeholder', 'Nothing hidden')
    })

    await test.step("a task type's statistics, with the time frame's calendar open", async () => {
      await visit(page, `${definitions}/task-types/${demo.task_type.id}/statistics`)
      await page.getByRole('button', { name: 'Time frame' }).click()
      await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible()
      await expectAccessible(page, 'the time frame calendar')
    })
    await page.context().close()
  })

  test("the coordinator's, finance's and admin's pages, with a modal", async ({ browser }) => {
    const coordinator = await signedIn(browser, 'coordinator')
    await checkPages(coordinator, [
      '/coordinator/users/list',
      '/coordinator/users/groups',
      '/coordinator/users/profile_approvals',
      '/coordinator/users/register',
      '/coordinator/users/reset',
      '/coordinator/item-sets',
      '/coordinator/timelogs/pending-logs',
      '/coordinator/timelogs/users',
      '/coordinator/timelogs/work-time-export',
    ])
    await coordinator.context().close()

    const finance = await signedIn(browser, 'finance')
    await checkPages(finance, [
      '/finance/finance-exports',
      '/finance/vsp-master-files',
      '/finance/vsp-ratio-intervals',
    ])
    await test.step("a finance export's first day, its calendar open", async () => {
      await visit(finance, '/finance/finance-exports')
      await finance.getByRole('button', { name: 'From' }).click()
      await expect(finance.getByRole('button', { name: 'Next month' })).toBeVisible()
      await expectAccessible(finance, 'the finance export calendar')
    })
    await finance.context().close()

    const admin = await signedIn(browser, 'admin')
    await checkPages(admin, [
      '/admin_panel/general/projects',
      '/admin_panel/general/timelog_types',
      '/admin_panel/groups/client_groups',
      '/admin_panel/groups/endworker_groups',
      '/admin_panel/tasks/task_types',
      '/admin_panel/users/list',
      '/admin_panel/users/register',
      '/admin_panel/users/reset',
      '/admin_panel/users/api_tokens',
    ])
    await test.step('the new language modal', async () => {
      await visit(admin, '/admin_panel/general/languages')
      await expectAccessible(admin, '/admin_panel/general/languages')
      await admin.getByRole('button', { name: 'New language' }).click()
      const modal = admin.getByRole('dialog', { name: 'New language' })
      await expect(modal.getByRole('button', { name: 'Close' })).toBeVisible()
      await expectAccessible(admin, 'the new language modal')
    })
    await admin.context().close()
  })
})
