import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { Language } from '../contract/auth'
import type { TaskTypeEntity } from '../contract/client-definitions'
import type { Paged } from '../contract/common'
import type { TaskProcessing, TaskUploadResult } from '../contract/task-intake'
import { apiGet, apiSend, expect, openDemoItemSet, signInAs, test } from './fixtures'

const OPTIONS = ['positive', 'negative', 'neutral'] as const

/** One radio field: the kind of widget whose inputs the items on a page used to share. */
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
    sentiment: {
      widget: { config: { component: 'radio', label: 'Sentiment', options: [...OPTIONS] } },
      grid_placement: { row: 1, column: 0, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

type Multipart = NonNullable<NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart']>

/** A multipart upload from the page's session, with its CSRF token and origin. */
async function upload(page: Page, path: string, multipart: Multipart) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')
  const origin = new URL(page.url()).origin
  const response = await page.request.post(`/api/${path}`, {
    multipart,
    headers: { 'X-CSRFToken': decodeURIComponent(token?.value ?? ''), Origin: origin },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as TaskUploadResult
}

/**
 * A started task of three text items whose schema is one radio field, in a task type that
 * hands out sets of three, draws every done annotation for review and is open to the demo's
 * workers (its task groups are the demo type's). Answers its id and description.
 */
async function radioTask(browser: Browser) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInAs(page, 'client')
    const name = `Radio answers ${Date.now()}`
    const types = await apiGet<Paged<TaskTypeEntity>>(page, 'client/task-types/?limit=100')
    const demo = types.results.find((type) => type.name === 'Demo transcription')!
    const schema = await apiSend<{ id: number }>(page, 'POST', 'client/task-schemas/', {
      name,
      client_group: demo.client_group.id,
      schema: SCHEMA,
    })
    const type = await apiSend<{ id: number }>(page, 'POST', 'client/task-types/', {
      name,
      client_group: demo.client_group.id,
      schema: schema.id,
      protocol: demo.protocol.id,
      items_per_set: 3,
      review_enabled: true,
      review_probability: 1,
      task_groups: demo.task_groups.map((link) => link.group.id),
    })
    await apiSend(page, 'PATCH', `client/task-types/${type.id}/`, { status: 'ACTIVE' })

    const languages = await apiGet<Language[]>(page, 'languages/')
    const language = (code: string) => String(languages.find((each) => each.code === code)!.id)
    const items = ['Great news!', 'A sad day.', 'It is Tuesday.']
    const task = await upload(page, 'client/tasks/', {
      task_type: String(type.id),
      base_language: language('pl'),
      target_language: language('en'),
      settle_target_lang: 'false',
      description: name,
      start_task: 'true',
      file: {
        name: 'items.jsonl',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(items.map((prompt) => JSON.stringify({ prompt })).join('\n')),
      },
    })
    await expect
      .poll(
        async () =>
          (await apiGet<TaskProcessing>(page, `client/tasks/${task.id}/processing/`)).status,
        { timeout: 30_000 },
      )
      .toBe('IN_PROGRESS')
    return { taskId: task.id, description: name }
  } finally {
    await context.close()
  }
}

test('three items answered differently keep their own radio choice, for the annotator and the reviewer', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000)
  const { taskId, description } = await radioTask(browser)

  await signInAs(page, 'annotator')
  await openDemoItemSet(page, description)
  const items = page.getByRole('region', { name: /^Item #\d+$/ })
  await expect(items).toHaveCount(3)
  const answers = new Map<string, string>()
  for (const [index, option] of OPTIONS.entries()) {
    const item = items.nth(index)
    await item.getByRole('radio', { name: option }).check()
    answers.set((await item.getByRole('heading', { level: 2 }).textContent()) ?? '', option)
  }
  const expectAnswers = async (card: (itemTitle: string) => ReturnType<Page['getByRole']>) => {
    for (const [title, option] of answers) {
      for (const each of OPTIONS) {
        const radio = card(title).getByRole('radio', { name: each })
        if (each === option) await expect(radio).toBeChecked()
        else await expect(radio).not.toBeChecked()
      }
    }
  }
  const annotated = (title: string) => page.getByRole('region', { name: title })
  await expectAnswers(annotated)
  await page.reload()
  await expectAnswers(annotated)
  for (const title of answers.keys()) {
    await annotated(title).getByRole('switch', { name: 'Done' }).check()
  }
  await expect(page.getByRole('button', { name: /^Sync status/ })).toHaveAccessibleName(
    'Sync status: online, 0 unsynced changes',
    { timeout: 30_000 },
  )

  const reviewer = await (await browser.newContext()).newPage()
  await signInAs(reviewer, 'reviewer')
  await reviewer.goto(`/review/perform/${taskId}`)
  const reviewed = (title: string) =>
    reviewer.getByRole('article', { name: `Review ${title.replace('Item', 'item')}` })
  await expect(reviewer.getByRole('article', { name: /^Review item #\d+$/ })).toHaveCount(3, {
    timeout: 20_000,
  })
  await expectAnswers(reviewed)
  await reviewer.reload()
  await expectAnswers(reviewed)
  await reviewer.context().close()
})
