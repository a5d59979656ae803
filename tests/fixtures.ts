import fs from 'node:fs'
import path from 'node:path'
import {
  type Browser,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
} from '@playwright/test'
import type { Paged } from '../contract/common'
import { DEMO_PASSWORD, E2E_PORT, e2eEnv, SERVER_PID_FILE } from './env'
import { spawnServer, waitUntilServing } from './global-setup'
import { currentServerPid, stopGroup } from './global-teardown'

export { DEMO_PASSWORD, expect }

/**
 * Every test fails when the browser refuses something under the server's Content-Security-Policy
 * in the page or its frames: the policy must fit everything the product does. (Chromium does not
 * report refusals inside workers to the page; the pdf.js worker is checked by its rendering.)
 */
export const test = base.extend<{ contentSecurityPolicyKept: undefined }>({
  contentSecurityPolicyKept: [
    async ({ page }, use) => {
      const violations: string[] = []
      const collect = (message: ConsoleMessage) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text())
      }
      page.on('console', collect)
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content Security Policy violation: ${event.effectiveDirective} refused ${event.blockedURI}`,
          )
        })
      })
      await use(undefined)
      expect(violations, 'Content Security Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

/** The accounts `manage demo` creates, one per role. */
export const DEMO_USERS = [
  'annotator',
  'reviewer',
  'client',
  'coordinator',
  'finance',
  'admin',
] as const
export type DemoUser = (typeof DEMO_USERS)[number]

/**
 * Waits until the service worker controls the page and has finished activating.
 * `navigator.serviceWorker.ready` is not enough: it resolves while the worker may still be
 * activating, before it answers the page's requests.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), {
      message: 'the service worker controls the page',
      timeout: 20_000,
    })
    .toBe('activated')
}

/**
 * Signs in through the traditional form of /login, answering the cookie banner and the
 * information clause on the way when they are due, and waits until the app leaves /login.
 */
export async function signInAs(
  page: Page,
  username: DemoUser | string,
  password: string = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login')
  // Decided from stored state rather than by racing the banner's appearance.
  const cookiesAccepted = await page.evaluate(
    () => localStorage.getItem('cookiePolicyAccepted') === 'true',
  )
  if (!cookiesAccepted) {
    const banner = page.getByRole('dialog', { name: 'Our website uses cookies' })
    await banner.getByRole('button', { name: 'I understand' }).click()
    await expect(banner).toBeHidden()
  }

  await page.getByRole('button', { name: 'Sign in with username and password' }).click()
  await page.getByRole('textbox', { name: 'Username or e-mail', exact: true }).fill(username)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  // Sign-in stores the user; a first sign-in must accept the information clause.
  const clauseDue = await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as {
      clause_accepted_date?: string | null
    } | null
    return Boolean(user && !user.clause_accepted_date)
  })
  if (clauseDue) {
    const accept = page.getByRole('switch', { name: 'I have read and accept the clause.' })
    await accept.check()
    const modal = page.getByRole('dialog').filter({ has: accept })
    await modal.getByRole('button', { name: 'Accept', exact: true }).click()
    await expect(modal).toBeHidden()
  }
}

// --- Server restarts ---------------------------------------------------------------------------

/**
 * Stops the e2e server (as a crash or a deploy would), leaving its data folder as it is. Start it
 * again with `startServer()`; `restartServer()` does both.
 */
export async function stopServer(): Promise<void> {
  await stopGroup(currentServerPid())
}

/**
 * Starts the server again on the same data folder and port, and records its pid where the
 * teardown finds it (the runner's environment cannot be changed from a test worker).
 */
export async function startServer(): Promise<void> {
  const root = e2eEnv('root')
  const { server, logFile } = spawnServer(root)
  fs.writeFileSync(path.join(root, SERVER_PID_FILE), String(server.pid))
  await waitUntilServing(server, `http://127.0.0.1:${E2E_PORT}`, logFile)
}

export async function restartServer(): Promise<void> {
  await stopServer()
  await startServer()
}

// --- The annotation screen ---------------------------------------------------------------------

/** The task `manage demo` makes: nine items in sets of three. */
export const DEMO_TASK = 'Demo batch: nine short recordings with pictures'

/**
 * A fresh copy of the demo task (its nine items, no annotations), started, with a description of
 * its own made from `label`. Tests that use up work take their own copy, so they pass in any
 * order (and again on a retry).
 */
export async function copyDemoTask(
  browser: Browser,
  label: string,
): Promise<{ id: number; description: string }> {
  const description = `${label} ${Date.now()}`
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInAs(page, 'client')
    const tasks = await apiGet<Paged<{ id: number; description: string }>>(
      page,
      `client/tasks/?search=${encodeURIComponent(DEMO_TASK)}&limit=100`,
    )
    const demo = tasks.results.find((task) => task.description === DEMO_TASK)
    if (!demo) throw new Error('the demo task is missing')
    const copy = await apiSend<{ id: number }>(page, 'POST', `client/tasks/${demo.id}/clone/`)
    await apiSend(page, 'PATCH', `client/tasks/${copy.id}/`, { description })
    await apiSend(page, 'PATCH', `client/tasks/${copy.id}/`, { status: 'IN_PROGRESS' })
    return { id: copy.id, description }
  } finally {
    await context.close()
  }
}

/**
 * The signed-in annotator's item set of the task described as `description` (the demo task by
 * default): taken (or continued) and ready offline.
 */
export async function openDemoItemSet(
  page: Page,
  description: string = DEMO_TASK,
): Promise<{ taskId: number; itemSetId: number }> {
  await page.goto('/tasks')
  const task = page.getByRole('article', { name: description })
  const resume = task.getByRole('link', { name: 'Continue' })
  const take = task.getByRole('button', { name: 'Take work' })
  await expect(resume.or(take)).toBeVisible()
  if (await resume.isVisible()) {
    await resume.click()
  } else {
    await take.click()
    const protocol = page.getByRole('dialog', { name: 'Read the protocol first' })
    const reading = protocol.getByRole('button', { name: 'I have read the protocol' })
    // The protocol is asked for once per version: a copy of a task shares the demo's.
    await expect(reading.or(page.getByText('Available offline'))).toBeVisible({ timeout: 20_000 })
    if (await reading.isVisible()) await reading.click()
  }
  await page.waitForURL(/\/tasks\/\d+\/\d+$/)
  await expect(page.getByText('Available offline')).toBeVisible({ timeout: 20_000 })
  const [, taskId, itemSetId] = new URL(page.url()).pathname.match(/\/tasks\/(\d+)\/(\d+)/) ?? []
  return { taskId: Number(taskId), itemSetId: Number(itemSetId) }
}

/** How many records a store of the device's offline database holds (the outbox, the media keys). */
export function offlineStoreCount(page: Page, store: string): Promise<number> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('crowdwork-offline')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const count = await new Promise<number>((resolve, reject) => {
      const request = db.transaction(name).objectStore(name).count()
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    db.close()
    return count
  }, store)
}

/** A GET of the API from the page, with its session (for checking what the server holds). */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Accept: 'application/json' } })
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
    return response.json()
  }, `/api/${path}`)
}

/** An unsafe call of the API from the page, with its session and CSRF token. */
export function apiSend<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = document.cookie
        .split('; ')
        .find((part) => part.startsWith('csrftoken='))
        ?.slice('csrftoken='.length)
      const response = await fetch(url, {
        method,
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          'X-CSRFToken': decodeURIComponent(token ?? ''),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status}`)
      return response.json()
    },
    { method, url: `/api/${path}`, body },
  )
}

// --- Day inputs --------------------------------------------------------------------------------

/** dayjs's English short month names, as Mantine's calendar shows them. */
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/**
 * Picks `day` ('YYYY-MM-DD') in the calendar of the day input labelled `label` within `scope`, as
 * a user does: up to the decade, then the year, the month and the day.
 */
export async function pickDay(
  page: Page,
  scope: Page | Locator,
  label: string,
  day: string,
): Promise<void> {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const inEnglish = new Date(Date.UTC(year, month - 1, date))
  const name = (options: Intl.DateTimeFormatOptions) =>
    inEnglish.toLocaleDateString('en-GB', { timeZone: 'UTC', ...options })
  await scope.getByRole('button', { name: label, exact: true }).click()
  const calendar = page.getByRole('dialog').last()
  await calendar.getByRole('button', { name: /^\p{L}+ \d{4}$/u }).click()
  await calendar.getByRole('button', { name: /^\d{4}$/ }).click()
  const decade = async () =>
    Number((await calendar.getByText(/^\d{4} – \d{4}$/).textContent())?.slice(0, 4))
  while (year < (await decade())) {
    await calendar.getByRole('button', { name: 'Previous decade' }).click()
  }
  while (year > (await decade()) + 9) {
    await calendar.getByRole('button', { name: 'Next decade' }).click()
  }
  await calendar.getByRole('button', { name: String(year), exact: true }).click()
  await calendar.getByRole('button', { name: MONTHS[month - 1], exact: true }).click()
  await calendar
    .getByRole('button', {
      name: name({ day: 'numeric', month: 'long', year: 'numeric' }),
      exact: true,
    })
    .click()
}
