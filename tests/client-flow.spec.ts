import { discPng, toneWav } from '../server/demo/media-files'
import { defineTaskType, uploadTaskData } from './client-definitions'
import { expect, signInAs, test, waitForServiceWorker } from './fixtures'
import { storedZip } from './zip'

/** The items of the uploaded file; each names its recording and picture inside the ZIP. */
const ITEMS = [
  {
    data_id: 'a-1',
    prompt: 'Describe the red disc',
    recording: 'media/tone.wav',
    picture: 'media/disc.png',
  },
  {
    data_id: 'a-2',
    prompt: 'Describe the sound',
    recording: './media/tone.wav',
    picture: 'media/disc.png',
  },
]

const SCHEMA = {
  validators: [],
  rows_visibility: [],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: { row: 0, column: 0, col_width: 12, col_offset: 0 },
    },
    recording: {
      widget: { config: { component: 'audio', label: 'Recording' } },
      grid_placement: { row: 1, column: 0, col_width: 6, col_offset: 0 },
    },
    picture: {
      widget: { config: { component: 'image', label: 'Picture' } },
      grid_placement: { row: 1, column: 1, col_width: 6, col_offset: 0 },
    },
  },
  annotation_schema: {
    description: {
      widget: { config: { component: 'textarea', label: 'Description' } },
      grid_placement: { row: 2, column: 0, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

test('a client uploads a ZIP with media, previews the task and downloads its results', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAs(page, 'client')
  // Once the worker controls the app, later page loads do not see it take over (and offer an
  // update over the buttons).
  await waitForServiceWorker(page)
  const name = `E2E type ${Date.now()}`
  await defineTaskType(page, name, SCHEMA)

  // Upload: a JSON Lines file naming a real WAV and PNG by their paths inside the ZIP.
  const zip = storedZip([
    { name: 'items.jsonl', content: `${ITEMS.map((item) => JSON.stringify(item)).join('\n')}\n` },
    { name: 'media/tone.wav', content: toneWav([440, 660], 200) },
    { name: 'media/disc.png', content: discPng(32, [40, 90, 200], [220, 30, 30]) },
  ])
  await page.getByRole('link', { name: 'Upload data' }).click()
  await expect(page.getByRole('heading', { name: `Upload data: ${name}` })).toBeVisible()
  await uploadTaskData(
    page,
    { name: 'batch.zip', mimeType: 'application/zip', buffer: zip },
    { description: 'Discs and tones' },
  )

  await expect(page.getByText(/^Task #\d+ was created with 2 items\.$/)).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('The task is ready.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('2 of 2 items processed')).toBeVisible()
  await page.getByRole('link', { name: 'Open the task panel' }).click()
  await expect(page.getByRole('heading', { name: /^Task #\d+$/ })).toBeVisible()
  const panelUrl = page.url()

  // The preview: both items as a worker would see them, with the picture and the audio player.
  await page.getByRole('link', { name: 'Preview as a worker' }).click()
  const first = page.getByRole('article').first()
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(first.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Describe the red disc')
  await expect(first.getByRole('img', { name: 'Picture' })).toBeVisible()
  await expect(first.getByRole('group', { name: 'Audio player: Recording' })).toBeVisible()
  await expect(first.getByRole('textbox', { name: 'Description' })).not.toBeEditable()

  // The export: downloads are off by default, so they are allowed first.
  await page.goto(panelUrl)
  await page.getByRole('tab', { name: 'Export' }).click()
  await page.getByRole('button', { name: 'Allow downloads' }).click()
  await page.getByRole('checkbox', { name: /^Items not done yet/ }).check()
  await page.getByRole('checkbox', { name: /^Data ids/ }).check()
  await page.getByRole('button', { name: 'Start the export' }).click()
  const latest = page.getByRole('region', { name: 'Latest export' })
  await expect(latest.getByText('Finished')).toBeVisible({ timeout: 30_000 })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    latest.getByRole('button', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^task-\d+-results\.jsonl$/)
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  const lines = Buffer.concat(chunks)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { data_id?: string; data: Record<string, unknown> })
  expect(lines.map((line) => [line.data_id, line.data.prompt])).toEqual(
    ITEMS.map((item) => [item.data_id, item.prompt]),
  )
})
