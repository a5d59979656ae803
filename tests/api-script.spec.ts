import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import type { TaskTypeEntity } from '../contract/client-definitions'
import type { Paged } from '../contract/common'
import { apiGet, apiSend, expect, signInAs, test } from './fixtures'

const repoRoot = path.resolve(import.meta.dirname, '..')
const SCRIPT = path.join(repoRoot, 'scripts', 'api-example.sh')

/** One text field to fill per item: the smallest task type a data file can feed. */
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
    answer: {
      widget: { config: { component: 'textarea', label: 'Answer' } },
      grid_placement: { row: 1, column: 0, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

type Delivery = { headers: Record<string, string>; body: string }

/** The README's check of a Standard Webhooks signature, written again here. */
function signatureHolds(secret: string, { headers, body }: Delivery): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`
  const expected = crypto.createHmac('sha256', key).update(signed).digest('base64')
  return headers['webhook-signature']!.split(' ').includes(`v1,${expected}`)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** A task type of the demo client's group that hands out text items and lets results download. */
async function textTaskType(page: Page, name: string): Promise<number> {
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
    items_per_set: 2,
    download_enabled: true,
    task_groups: demo.task_groups.map((link) => link.group.id),
  })
  await apiSend(page, 'PATCH', `client/task-types/${type.id}/`, { status: 'ACTIVE' })
  return type.id
}

test('the README shows the API script the suite runs', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
  const block = readme.match(/```bash\n(#!\/usr\/bin\/env bash\n[\s\S]*?)```/)
  expect(block?.[1]).toBe(fs.readFileSync(SCRIPT, 'utf8'))
})

test("the README's API script uploads a task, hears of its import and export by webhook and downloads the results", async ({
  page,
  baseURL,
}, testInfo) => {
  // Sign-in, the token page and two background jobs on a busy 2-core machine.
  test.setTimeout(90_000)
  await signInAs(page, 'client')

  // The README's click path: Your account → API tokens → Create a token.
  await page.goto('/user')
  await page.getByRole('link', { name: 'API tokens' }).click()
  await page.waitForURL('/user/tokens')
  const form = page.getByRole('form', { name: 'New API token' })
  await form.getByRole('textbox', { name: /^Name/ }).fill(`data pipeline ${Date.now()}`)
  await form.getByRole('combobox', { name: /^Expires after/ }).click()
  await page.getByRole('option', { name: '30 days' }).click()
  await form.getByRole('button', { name: 'Create a token' }).click()
  const token = await page.getByRole('textbox', { name: 'API token' }).inputValue()
  expect(token).toMatch(/^cw_/)

  const taskType = await textTaskType(page, `API script ${Date.now()}`)
  const prompts = ['Describe the sky.', 'Name a river.', 'Count to three.']
  const dataFile = testInfo.outputPath('items.jsonl')
  fs.writeFileSync(dataFile, prompts.map((prompt) => JSON.stringify({ prompt })).join('\n'))
  const workDir = testInfo.outputPath('run')
  const receiverPort = await freePort()

  const run = await promisify(execFile)('bash', [SCRIPT], {
    env: {
      PATH: process.env.PATH,
      TOKEN: token,
      TASK_TYPE: String(taskType),
      DATA_FILE: dataFile,
      API: `${baseURL}/api`,
      RECEIVER_PORT: String(receiverPort),
      WORK_DIR: workDir,
      WAIT_SECONDS: '40',
    },
    timeout: 60_000,
  })
  const taskId = Number(run.stdout.match(/^Task (\d+) uploaded$/m)?.[1])
  expect(run.stdout).toContain(`Results of task ${taskId} in ${workDir}/results-${taskId}.jsonl`)

  const secret = fs.readFileSync(path.join(workDir, 'webhook-secret'), 'utf8').trim()
  const deliveries = fs
    .readFileSync(path.join(workDir, 'deliveries.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Delivery)
  const events = deliveries.map((delivery) => {
    expect(signatureHolds(secret, delivery)).toBe(true)
    return JSON.parse(delivery.body)
  })
  const link = (rest: string) => `${baseURL}/api/client/tasks/${taskId}/${rest}`
  expect(events).toEqual([
    expect.objectContaining({
      type: 'task.import_finished',
      data: expect.objectContaining({
        task_id: taskId,
        links: expect.objectContaining({ task: link(''), processing: link('processing/') }),
      }),
    }),
    expect.objectContaining({
      type: 'task.export_finished',
      data: expect.objectContaining({
        task_id: taskId,
        links: expect.objectContaining({ file: link('dump_async/file/') }),
      }),
    }),
  ])
  // One delivery per event: each came through at the first attempt.
  expect(new Set(deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(2)

  const results = fs
    .readFileSync(path.join(workDir, `results-${taskId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(results.map((item) => item.data.prompt).sort()).toEqual([...prompts].sort())
  expect(results.every((item) => item.annotations.length === 0)).toBe(true)

  // The script deletes its webhook when done: nothing is left posting to a closed port.
  const hooks = await apiGet<{ url: string }[]>(page, 'client/webhooks/')
  expect(hooks.map((hook) => hook.url)).not.toContain(`http://127.0.0.1:${receiverPort}/`)
})
