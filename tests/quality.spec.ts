import type { Browser, Page } from '@playwright/test'
import type { Language } from '../contract/auth'
import type { TaskTypeEntity } from '../contract/client-definitions'
import type { Paged } from '../contract/common'
import type { TaskQuality } from '../contract/quality'
import type { TaskProcessing, TaskUploadResult } from '../contract/task-intake'
import type { WorkerItemSet, WorkerTask } from '../contract/worker'
import { apiGet, apiSend, expect, openDemoItemSet, signInAs, test } from './fixtures'

const PASSWORD = 'a long enough secret'
const LABELS = ['cat', 'dog'] as const
type Label = (typeof LABELS)[number]

const SCHEMA = {
  validators: [],
  rows_visibility: [],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: { row: 0, column: 0, col_width: 12, col_offset: 0 },
    },
  },
  annotation_schema: {
    label: {
      widget: { config: { component: 'radio', label: 'Label', options: [...LABELS] } },
      grid_placement: { row: 1, column: 0, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

/** The control items and their right answers; the workers cannot tell them from the others. */
const GOLD: Record<string, Label> = { 'Control one': 'cat', 'Control two': 'dog' }
const ORDINARY = ['Ordinary 1', 'Ordinary 2', 'Ordinary 3', 'Ordinary 4']
const wrong = (label: Label): Label => (label === 'cat' ? 'dog' : 'cat')

/** What each worker answers on the ordinary items, so that they partly disagree. */
const ANSWERS: Record<'good' | 'silent' | 'bad', Record<string, Label>> = {
  good: { 'Ordinary 1': 'cat', 'Ordinary 2': 'dog', 'Ordinary 3': 'cat', 'Ordinary 4': 'dog' },
  silent: { 'Ordinary 1': 'cat', 'Ordinary 2': 'dog', 'Ordinary 3': 'dog', 'Ordinary 4': 'dog' },
  bad: { 'Ordinary 1': 'dog', 'Ordinary 2': 'dog', 'Ordinary 3': 'cat', 'Ordinary 4': 'cat' },
}

/**
 * Krippendorff's α for nominal values by its coincidence-matrix definition, and the share of
 * agreeing pairs, over units (items) of values; units with one value pair nothing.
 */
function nominalAgreement(units: Label[][]): { alpha: number | null; pairs: number | null } {
  const pairable = units.filter((unit) => unit.length > 1)
  const coincidences = new Map<string, number>()
  let agreeing = 0
  let pairs = 0
  for (const unit of pairable) {
    for (const [i, c] of unit.entries()) {
      for (const [j, k] of unit.entries()) {
        if (i === j) continue
        const key = `${c}|${k}`
        coincidences.set(key, (coincidences.get(key) ?? 0) + 1 / (unit.length - 1))
      }
    }
    for (const label of LABELS) {
      const count = unit.filter((value) => value === label).length
      agreeing += (count * (count - 1)) / 2
    }
    pairs += (unit.length * (unit.length - 1)) / 2
  }
  const margin = (label: Label) =>
    LABELS.reduce((sum, other) => sum + (coincidences.get(`${label}|${other}`) ?? 0), 0)
  const n = LABELS.reduce((sum, label) => sum + margin(label), 0)
  const observed = (coincidences.get('cat|dog') ?? 0) + (coincidences.get('dog|cat') ?? 0)
  const expected = 2 * margin('cat') * margin('dog')
  return {
    alpha: n < 2 || expected === 0 ? null : 1 - ((n - 1) * observed) / expected,
    pairs: pairs === 0 ? null : agreeing / pairs,
  }
}

/** The 95 % Wilson score interval of `correct` right answers out of `total`. */
function wilson(correct: number, total: number): [number, number] {
  const z = 1.959963984540054
  const p = correct / total
  const denominator = 1 + (z * z) / total
  const centre = (p + (z * z) / (2 * total)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

const percent = (share: number) => `${Math.round(share * 100)}%`

/** A multipart upload from the page's session, with its CSRF token and origin. */
async function uploadTask(page: Page, multipart: Record<string, unknown>) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')
  const response = await page.request.post('/api/client/tasks/', {
    multipart: multipart as never,
    headers: {
      'X-CSRFToken': decodeURIComponent(token?.value ?? ''),
      Origin: new URL(page.url()).origin,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as TaskUploadResult
}

/**
 * The client's task type (sets of four with half of them gold, three annotations per item, the
 * gate at 75 % after two gold answers, open to the demo's workers) and its started task of four
 * ordinary and two gold items.
 */
async function qualityTask(client: Page, name: string) {
  const types = await apiGet<Paged<TaskTypeEntity>>(client, 'client/task-types/?limit=100')
  const demo = types.results.find((type) => type.name === 'Demo transcription')!
  const schema = await apiSend<{ id: number }>(client, 'POST', 'client/task-schemas/', {
    name,
    client_group: demo.client_group.id,
    schema: SCHEMA,
  })
  const type = await apiSend<{ id: number }>(client, 'POST', 'client/task-types/', {
    name,
    client_group: demo.client_group.id,
    schema: schema.id,
    protocol: demo.protocol.id,
    items_per_set: 4,
    annotations_per_item: 3,
    gold_share: 50,
    min_gold_accuracy: 0.75,
    min_gold_answers: 2,
    task_groups: demo.task_groups.map((link) => link.group.id),
  })
  await apiSend(client, 'PATCH', `client/task-types/${type.id}/`, { status: 'ACTIVE' })
  const languages = await apiGet<Language[]>(client, 'languages/')
  const language = (code: string) => languages.find((each) => each.code === code)!.id
  const items = [
    ...ORDINARY.map((prompt) => ({ prompt })),
    ...Object.entries(GOLD).map(([prompt, label]) => ({ prompt, _gold: { label } })),
  ]
  const task = await uploadTask(client, {
    task_type: String(type.id),
    base_language: String(language('pl')),
    target_language: String(language('en')),
    settle_target_lang: 'false',
    description: name,
    start_task: 'true',
    file: {
      name: 'items.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(items.map((item) => JSON.stringify(item)).join('\n')),
    },
  })
  await expect
    .poll(
      async () =>
        (await apiGet<TaskProcessing>(client, `client/tasks/${task.id}/processing/`)).status,
      { timeout: 30_000 },
    )
    .toBe('IN_PROGRESS')
  return {
    taskId: task.id,
    taskGroups: demo.task_groups.map((link) => link.group.id),
    languages: [language('pl'), language('en')],
  }
}

/** A new worker in the demo's task groups speaking the task's languages, signed in on a page. */
async function newWorker(
  browser: Browser,
  admin: Page,
  username: string,
  groups: number[],
  languages: number[],
) {
  await apiSend(admin, 'POST', 'admin/users/', {
    username,
    first_name: 'Quality',
    last_name: username,
    email: `${username}@example.org`,
    roles: ['endworker'],
    groups,
    password: PASSWORD,
  })
  const page = await (await browser.newContext()).newPage()
  await signInAs(page, username, PASSWORD)
  await apiSend(page, 'PATCH', 'auth/current-user/', {
    endworker_profile: {
      main_language: languages[0],
      languages,
      native_languages: [languages[0]],
    },
  })
  return page
}

type Answered = { username: string; answers: Map<string, Label> }

/** Claims a set through the API and answers each of its items with `answer(prompt)`, done. */
async function annotateByApi(
  worker: Page,
  taskId: number,
  answer: (prompt: string) => Label,
  withActivity: boolean,
): Promise<{ itemSetId: number; answers: Map<string, Label> }> {
  const tasks = await apiGet<Paged<WorkerTask>>(worker, 'endworker/tasks/')
  const task = tasks.results.find((candidate) => candidate.id === taskId)!
  await apiSend(worker, 'POST', `endworker/protocols/${task.protocol.id}/confirm/`)
  const startedAt = new Date().toISOString()
  const set = await apiSend<WorkerItemSet>(worker, 'POST', `endworker/tasks/${taskId}/item-sets/`)
  const answers = new Map<string, Label>()
  for (const item of set.items) {
    const prompt = String(item.data.prompt)
    const label = answer(prompt)
    answers.set(prompt, label)
    await apiSend(worker, 'PUT', `endworker/item-sets/${set.id}/items/${item.id}/annotation/`, {
      data: { label },
      is_done: true,
      client_updated_at: new Date().toISOString(),
    })
  }
  if (withActivity) {
    // What the page's tracker would send for this work: key presses while on the set.
    await apiSend(worker, 'POST', 'timelogs/submit-activity/', {
      source: 'TASK',
      url: `/tasks/${taskId}/${set.id}`,
      item_set: set.id,
      task: taskId,
      mouse_moves: 3,
      mouse_clicks: 8,
      key_clicks: 2,
      started_at: startedAt,
      ended_at: new Date().toISOString(),
    })
  }
  return { itemSetId: set.id, answers }
}

test('the quality tab shows agreement, gold accuracy and flags, and the gate stops a bad worker', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000)
  const stamp = Date.now()
  const name = `E2E quality ${stamp}`
  await signInAs(page, 'client')
  const { taskId, taskGroups, languages } = await qualityTask(page, name)

  const adminPage = await (await browser.newContext()).newPage()
  await signInAs(adminPage, 'admin')
  const silent = await newWorker(browser, adminPage, `silent${stamp}`, taskGroups, languages)
  const bad = await newWorker(browser, adminPage, `bad${stamp}`, taskGroups, languages)

  // The good worker works in the annotation screen, so its activity tracker measures the work.
  const good = await (await browser.newContext()).newPage()
  await signInAs(good, 'annotator')
  await openDemoItemSet(good, name)
  const cards = good.getByRole('region', { name: /^Item #\d+$/ })
  await expect(cards).toHaveCount(4)
  const goodAnswers = new Map<string, Label>()
  for (const card of await cards.all()) {
    const prompt = await card.getByRole('textbox', { name: 'Prompt' }).inputValue()
    const label = GOLD[prompt] ?? ANSWERS.good[prompt]!
    goodAnswers.set(prompt, label)
    await card.getByRole('radio', { name: label }).check()
    await card.getByRole('switch', { name: 'Done' }).check()
  }
  await expect(good.getByRole('button', { name: /^Sync status/ })).toHaveAccessibleName(
    'Sync status: online, 0 unsynced changes',
    { timeout: 30_000 },
  )
  // Leaving the set closes the tracker's sample, which the outbox then sends.
  await good.goto('/tasks')
  await expect(good.getByRole('button', { name: /^Sync status/ })).toHaveAccessibleName(
    'Sync status: online, 0 unsynced changes',
    { timeout: 30_000 },
  )

  const { answers: silentAnswers } = await annotateByApi(
    silent,
    taskId,
    (prompt) => GOLD[prompt] ?? ANSWERS.silent[prompt]!,
    false,
  )
  const { answers: badAnswers, itemSetId: badSet } = await annotateByApi(
    bad,
    taskId,
    (prompt) => (GOLD[prompt] ? wrong(GOLD[prompt]) : ANSWERS.bad[prompt]!),
    true,
  )

  // What the Quality tab must show, worked out from the answers made above.
  const workers: (Answered & { flagged: number })[] = [
    { username: 'annotator', answers: goodAnswers, flagged: 0 },
    { username: `silent${stamp}`, answers: silentAnswers, flagged: silentAnswers.size },
    { username: `bad${stamp}`, answers: badAnswers, flagged: 0 },
  ]
  const units = ORDINARY.map((prompt) =>
    workers.flatMap(({ answers }) => (answers.has(prompt) ? [answers.get(prompt)!] : [])),
  )
  const { alpha, pairs } = nominalAgreement(units)
  const pairableItems = units.filter((unit) => unit.length > 1)
  const goldOf = ({ answers }: Answered) => {
    const given = [...answers].filter(([prompt]) => prompt in GOLD)
    return { total: given.length, correct: given.filter(([p, label]) => GOLD[p] === label).length }
  }

  // The flags are judged on the server from activity samples, which may arrive after the saves.
  await expect
    .poll(
      async () =>
        (await apiGet<TaskQuality>(page, `client/tasks/${taskId}/quality/`)).workers
          .map((worker) => [worker.username, worker.flagged_items])
          .sort(),
      { timeout: 30_000 },
    )
    .toEqual(workers.map((worker) => [worker.username, worker.flagged]).sort())

  await page.goto(`/client/tasks/${taskId}/panel`)
  await page.getByRole('tab', { name: 'Quality' }).click()
  const agreement = page.getByRole('table', { name: 'Agreement per field' })
  const labelRow = agreement.getByRole('row', { name: /^label/ })
  expect(alpha).not.toBeNull()
  await expect(labelRow.getByRole('cell')).toHaveText([
    String(Math.round(alpha! * 1000) / 1000),
    alpha! >= 0.8 ? 'Reliable' : alpha! >= 0.667 ? 'Tentative' : 'Unreliable',
    percent(pairs!),
    String(pairableItems.length),
    String(pairableItems.reduce((sum, unit) => sum + unit.length, 0)),
  ])
  const perWorker = page.getByRole('table', { name: 'Quality per worker' })
  for (const worker of workers) {
    const { total, correct } = goldOf(worker)
    const [low, high] = wilson(correct, total)
    const row = perWorker.getByRole('row', { name: new RegExp(`^${worker.username}\\b`) })
    await expect(row.getByRole('cell').nth(0)).toHaveText(String(total))
    await expect(row.getByRole('cell').nth(1)).toHaveText(percent(correct / total))
    await expect(row.getByRole('cell').nth(2)).toHaveText(`${percent(low)} – ${percent(high)}`)
    await expect(row.getByRole('cell').nth(4)).toHaveText(String(worker.flagged))
  }
  // Each worker's bar carries its interval: a line with a cap at each end.
  const chart = page.getByRole('figure', { name: 'Gold accuracy per worker' })
  await expect(chart.locator('.recharts-bar-rectangle line')).toHaveCount(3 * workers.length)
  await shoot(page, 'quality-tab')

  // The bad worker: stopped by the gate, told why on the task card, refused a new set.
  const { correct, total } = goldOf(workers[2]!)
  const notice = `You answered ${percent(correct / total)} of the control items of this task type right, below what it asks for. You get no new work of it until a coordinator lets you back in.`
  await bad.goto('/tasks')
  const card = bad.getByRole('article', { name })
  // The set they hold stays theirs, and the card says no new one follows it.
  await expect(card.getByRole('link', { name: 'Continue' })).toBeVisible()
  await expect(card.getByText(notice)).toBeVisible()
  await apiSend(bad, 'POST', `endworker/item-sets/${badSet}/finish/`)
  await bad.reload()
  await expect(card.getByText(notice)).toBeVisible()
  await expect(card.getByRole('link', { name: 'Continue' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Take work' })).toHaveCount(0)
  const claim = await bad.evaluate(async (url) => {
    const token = document.cookie
      .split('; ')
      .find((part) => part.startsWith('csrftoken='))
      ?.slice('csrftoken='.length)
    const response = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'X-CSRFToken': decodeURIComponent(token ?? '') },
    })
    return { status: response.status, code: ((await response.json()) as { code?: string }).code }
  }, `/api/endworker/tasks/${taskId}/item-sets/`)
  expect(claim).toEqual({ status: 403, code: 'quality_stopped' })
  await shoot(bad, 'stopped-task-card', card)

  // Their coordinator sees the alert on the users list.
  const coordinator = await (await browser.newContext()).newPage()
  await signInAs(coordinator, 'coordinator')
  await coordinator.goto(`/coordinator/users/list?search=${encodeURIComponent(`bad${stamp}`)}`)
  const row = coordinator
    .getByRole('table', { name: 'Users' })
    .getByRole('row', { name: new RegExp(`bad${stamp}`) })
  await expect(row.getByText('Low quality')).toBeVisible()
})

/** Screenshots at desktop, tablet (820 px) and phone widths, kept outside the repository. */
async function shoot(page: Page, name: string, target?: ReturnType<Page['getByRole']>) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['820', 820, 1180],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(300)
    await (target ?? page).screenshot({
      path: test.info().outputPath(`${name}-${label}.png`),
      ...(target ? {} : { fullPage: true }),
    })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}
