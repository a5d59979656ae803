import fs from 'node:fs'
import { expect, pickDay, signInAs, test } from './fixtures'

const MASTER_FILE = [
  'user,ratio,valid_from,valid_to',
  'annotator,120,2025-01-01,2025-12-31',
  'reviewer,90,2025-03-01,',
].join('\n')

test('a finance manager loads a master file, runs an export and downloads it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  await signInAs(page, 'finance')
  await page.goto('/finance')
  await expect(page).toHaveURL(/\/finance\/finance-exports$/)

  await page.getByRole('link', { name: 'Master files' }).click()
  const upload = page.getByRole('form', { name: 'Upload a master file' })
  await upload.locator('input[type="file"]').setInputFiles({
    name: 'ratios-2025.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(MASTER_FILE),
  })
  await upload.getByRole('button', { name: 'Upload' }).click()
  const outcome = page.getByRole('status').filter({ hasText: 'ratios-2025.csv' })
  await expect(outcome).toContainText('The master file ratios-2025.csv was loaded.')
  await expect(outcome).toContainText(
    'Loaded records: 2. Loaded intervals: 2. Warnings: 0. Errors: 0.',
  )
  await expect(
    page.getByRole('table', { name: 'Uploaded master files' }).getByRole('row', {
      name: /ratios-2025\.csv/,
    }),
  ).toContainText('finance')
  await page.screenshot({ path: testInfo.outputPath('master-files.png'), fullPage: true })

  await page.getByRole('link', { name: 'Ratio intervals' }).click()
  await expect(
    page.getByRole('table', { name: 'Ratio intervals' }).getByRole('row', { name: /annotator/ }),
  ).toContainText('120%')
  await page.screenshot({ path: testInfo.outputPath('ratio-intervals.png'), fullPage: true })

  await page.getByRole('link', { name: 'Finance exports' }).click()
  const form = page.getByRole('form', { name: 'New finance export' })
  await pickDay(page, form, 'From', '2025-01-01')
  await pickDay(page, form, 'To', '2025-12-31')
  await form.getByRole('button', { name: 'Start the export' }).click()
  const exports = page.getByRole('table', { name: 'Finance exports' })
  const row = exports.getByRole('row').filter({ hasText: '01 Jan 2025' }).first()
  await expect(row).toContainText('Finished', { timeout: 60_000 })
  await page.screenshot({ path: testInfo.outputPath('finance-exports.png'), fullPage: true })

  const downloading = page.waitForEvent('download')
  await row.getByRole('button', { name: /^Download export/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^finance-export-\d+-2025-01-01-2025-12-31\.csv$/)
  const text = fs.readFileSync(await download.path(), 'utf8')
  expect(text.split('\n')[0]).toBe(
    'kind,user_id,username,day,approved_work_seconds,paid_bonus_break_seconds,paid_seconds,ratio_percent,paid_seconds_times_ratio,previous_paid_seconds,previous_ratio_percent,previous_paid_seconds_times_ratio',
  )

  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('finance-exports-375.png'), fullPage: true })
  await page.getByRole('link', { name: 'Master files' }).click()
  await page.screenshot({ path: testInfo.outputPath('master-files-375.png'), fullPage: true })
  await page.getByRole('link', { name: 'Ratio intervals' }).click()
  await page.screenshot({ path: testInfo.outputPath('ratio-intervals-375.png'), fullPage: true })
})
