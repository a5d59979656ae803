import { discPng, toneWav } from '../server/demo/media-files'
import { uploadTaskData } from './client-definitions'
import { expect, openDemoItemSet, signInAs, test, waitForServiceWorker } from './fixtures'
import { storedZip } from './zip'

/** The signs as an admin types them: spaces, an empty line and a repeated sign on the way. */
const SIGN_TEXT = 'ą - a with ogonek\n  ę  \n\nł - l with stroke\nę - again\n'

/** Three items of the demo task type's schema, each naming its recording and picture in the ZIP. */
const itemsZip = () =>
  storedZip([
    {
      name: 'items.jsonl',
      content: `${[1, 2, 3]
        .map((n) =>
          JSON.stringify({
            data_id: `signs-${n}`,
            prompt: `Prompt ${n}`,
            recording: 'media/tone.wav',
            picture: 'media/disc.png',
          }),
        )
        .join('\n')}\n`,
    },
    { name: 'media/tone.wav', content: toneWav([440, 550], 200) },
    { name: 'media/disc.png', content: discPng(32, [40, 90, 200], [220, 30, 30]) },
  ])

test('an admin makes a language with signs; an annotator of a task in it gets them in the palette', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const name = `Signs ${stamp}`
  const code = `xs-${stamp}`

  await signInAs(page, 'admin')
  await waitForServiceWorker(page)
  await page.goto('/admin_panel/general/languages')
  await page.getByRole('button', { name: 'New language' }).click()
  let dialog = page.getByRole('dialog', { name: 'New language' })
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name)
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code)
  await dialog.getByRole('textbox', { name: 'Diacritic signs' }).fill(SIGN_TEXT)

  // What was typed survives a reload: the form offers it again.
  await page.reload()
  await page.getByRole('button', { name: 'New language' }).click()
  dialog = page.getByRole('dialog', { name: 'New language' })
  await expect(dialog.getByText('Unsaved changes restored')).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name)
  await expect(dialog.getByRole('textbox', { name: 'Diacritic signs' })).toHaveValue(SIGN_TEXT)

  // The preview reads the text as the server will get it: trimmed, no empty line, no repeat.
  const preview = dialog.getByRole('group', { name: 'Signs the annotators will see' })
  await expect(preview.getByText(/^.$/)).toHaveText(['ą', 'ę', 'ł'])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row.getByRole('cell').nth(1)).toHaveText('ą ę ł')

  // Edited again, the signs come back in the text format.
  await row.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(
    page
      .getByRole('dialog', { name: `Edit ${name}` })
      .getByRole('textbox', { name: 'Diacritic signs' }),
  ).toHaveValue('ą - a with ogonek\nę\nł - l with stroke')
  await page
    .getByRole('dialog', { name: `Edit ${name}` })
    .getByRole('button', { name: 'Cancel' })
    .click()

  // A task into the language: data uploaded to the demo task type, found from the admin's list.
  await page.goto('/admin_panel/tasks/task_types')
  await page.getByRole('link', { name: 'Demo transcription' }).click()
  await page.getByRole('link', { name: 'Upload data' }).click()
  // The annotator speaks Polish; the target language, whose signs the palette offers, need not
  // be theirs.
  const description = `Task in ${name}`
  await uploadTaskData(
    page,
    { name: 'signs.zip', mimeType: 'application/zip', buffer: itemsZip() },
    {
      description,
      targetLanguage: `${name} (${code})`,
      beforeUpload: () =>
        page.getByRole('switch', { name: 'Start the task when it is ready' }).check(),
    },
  )
  await expect(page.getByText('The task is ready.')).toBeVisible({ timeout: 30_000 })

  const annotatorContext = await browser.newContext()
  try {
    const annotator = await annotatorContext.newPage()
    await signInAs(annotator, 'annotator')
    await openDemoItemSet(annotator, description)
    const item = annotator.getByRole('region', { name: /^Item #\d+$/ }).first()
    for (const sign of ['Insert ą (a with ogonek)', 'Insert ę', 'Insert ł (l with stroke)']) {
      await expect(item.getByRole('button', { name: sign, exact: true })).toHaveCount(1)
    }
    const transcript = item.getByRole('textbox', { name: 'Transcript' })
    await transcript.click()
    await item.getByRole('button', { name: 'Insert ł (l with stroke)' }).click()
    await expect(transcript).toHaveValue('ł')
  } finally {
    await annotatorContext.close()
  }
})
