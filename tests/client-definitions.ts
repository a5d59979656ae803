import type { Page } from '@playwright/test'

/**
 * Makes a schema, a protocol and a task type through the definitions screens, and leaves the
 * page on the new task type. `beforeCreate` fills more of the task type form before it is sent.
 */
export async function defineTaskType(
  page: Page,
  name: string,
  schema: object,
  beforeCreate?: () => Promise<void>,
): Promise<void> {
  await page.goto('/client/tasks-definitions/task-schemas/creator')
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} schema`)
  await page.getByRole('tab', { name: 'JSON' }).click()
  await page.getByRole('textbox', { name: 'Schema JSON' }).fill(JSON.stringify(schema, null, 2))
  await page.getByRole('button', { name: 'Create the schema' }).click()
  await page.waitForURL(/\/task-schemas\/\d+/)

  await page.goto('/client/tasks-definitions/task-protocols/creator')
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} protocol`)
  await page
    .getByRole('textbox', { name: 'Protocol text (Markdown)' })
    .fill('# Guidelines\n\nDescribe what you see and hear.')
  await page.getByRole('button', { name: 'Create the protocol' }).click()
  await page.waitForURL(/\/task-protocols\/\d+/)

  await page.goto('/client/tasks-definitions/task-types/creator')
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('combobox', { name: 'Task schema' }).click()
  await page.getByRole('option', { name: `${name} schema (version 1)` }).click()
  await page.getByRole('combobox', { name: 'Task protocol' }).click()
  await page.getByRole('option', { name: `${name} protocol (version 1)` }).click()
  await beforeCreate?.()
  await page.getByRole('button', { name: 'Create the task type' }).click()
  await page.waitForURL(/\/task-types\/\d+$/)
}

/**
 * On a task type's upload page: chooses `file`, the task's languages (by their option names) and
 * description, runs `beforeUpload` (more of the form), and sends the upload.
 */
export async function uploadTaskData(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  {
    description,
    baseLanguage = 'Polish (pl)',
    targetLanguage = 'English (en)',
    beforeUpload,
  }: {
    description: string
    baseLanguage?: string
    targetLanguage?: string
    beforeUpload?: () => Promise<void>
  },
): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file)
  await page.getByRole('combobox', { name: 'Base language' }).click()
  await page.getByRole('option', { name: baseLanguage }).click()
  await page.getByRole('combobox', { name: 'Target language' }).click()
  await page.getByRole('option', { name: targetLanguage }).click()
  await page.getByRole('textbox', { name: 'Description' }).fill(description)
  await beforeUpload?.()
  await page.getByRole('button', { name: 'Upload' }).click()
}
