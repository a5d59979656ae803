import { defineTaskType, uploadTaskData } from './client-definitions'
import { expect, signInAs, test, waitForServiceWorker } from './fixtures'

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
      widget: { config: { component: 'radio', label: 'Label', options: ['cat', 'dog'] } },
      grid_placement: { row: 1, column: 0, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

const ITEMS = [
  { prompt: 'First' },
  { prompt: 'Control', _gold: { label: 'cat' } },
  { prompt: 'Third' },
]

test('a client sets quality control, uploads a gold item and exports it only on request', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signInAs(page, 'client')
  await waitForServiceWorker(page)
  const name = `E2E gold ${Date.now()}`
  await defineTaskType(page, name, SCHEMA, async () => {
    const quality = page.getByRole('group', { name: 'Quality control' })
    await quality.getByRole('textbox', { name: 'Gold share' }).fill('20')
    await quality.getByRole('textbox', { name: 'Minimum gold accuracy' }).fill('75')
  })
  await expect(
    page.getByText(
      'Gold share 20 %; minimum accuracy 75 % after 10 gold answers; no minimum time per item',
    ),
  ).toBeVisible()

  await page.getByRole('link', { name: 'Upload data' }).click()
  await uploadTaskData(
    page,
    {
      name: 'items.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(ITEMS.map((item) => JSON.stringify(item)).join('\n')),
    },
    { description: 'With a control item' },
  )
  // The gold item is not part of the task's work.
  await expect(page.getByText(/^Task #\d+ was created with 2 items\.$/)).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('The task is ready.')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('link', { name: 'Open the task panel' }).click()

  await page.getByRole('tab', { name: 'Export' }).click()
  await page.getByRole('button', { name: 'Allow downloads' }).click()
  await page.getByRole('checkbox', { name: /^Items not done yet/ }).check()
  await page.getByRole('checkbox', { name: /^Gold items/ }).check()
  await page.getByRole('button', { name: 'Start the export' }).click()
  const latest = page.getByRole('region', { name: 'Latest export' })
  await expect(latest.getByText('Finished')).toBeVisible({ timeout: 30_000 })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    latest.getByRole('button', { name: 'Download' }).click(),
  ])
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk))
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
  expect(lines.map((line) => [line.data.prompt, line.gold, line.gold_expected ?? null])).toEqual([
    ['First', false, null],
    ['Control', true, { label: 'cat' }],
    ['Third', false, null],
  ])
})
