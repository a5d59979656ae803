import type { Browser, Locator, Page } from '@playwright/test'
import type { Paged } from '../contract/common'
import { discPng, toneWav } from '../server/demo/media-files'
import {
  apiGet,
  apiSend,
  expect,
  offlineStoreCount,
  openDemoItemSet,
  signInAs,
  test,
  waitForServiceWorker,
} from './fixtures'
import { drawReviewItems } from './review-support'
import { storedZip } from './zip'

/*
 * Protected audio end to end in Debian's Chromium: a task of the demo type uploaded while the
 * type has "Protect audio" on stores its recordings only encrypted; the app plays them through
 * the same player on the annotation screen and on a review card, offline too after a reload (the
 * keys kept on the device with the set), while the bytes the network answers play nowhere else.
 */

const DEMO_TYPE = 'Demo transcription'
const ITEMS_PER_TASK = 3
/** `MediaError.MEDIA_ERR_DECODE` and `MEDIA_ERR_SRC_NOT_SUPPORTED`: the bytes are no audio. */
const UNPLAYABLE = [3, 4]

type Named = { id: number; name: string }

/**
 * A started task of the demo type whose audio is protected: the type's "Protect audio" is on
 * while the upload imports it (and off again after, for the other tests' tasks).
 */
async function uploadProtectedTask(browser: Browser, label: string): Promise<string> {
  const description = `${label} ${Date.now()}`
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInAs(page, 'client')
    const types = await apiGet<Paged<Named>>(page, 'client/task-types/?limit=100')
    const demoType = types.results.find((type) => type.name === DEMO_TYPE)
    if (!demoType) throw new Error('the demo task type is missing')
    const languages = await apiGet<{ code: string; id: number }[]>(page, 'languages/')
    const polish = languages.find((language) => language.code === 'pl')!
    const zip = storedZip([
      {
        name: 'items.jsonl',
        content: Array.from({ length: ITEMS_PER_TASK }, (_, index) =>
          JSON.stringify({
            data_id: `protected-${index + 1}`,
            prompt: 'Say what you hear',
            recording: `media/tone-${index + 1}.wav`,
            picture: 'media/disc.png',
          }),
        ).join('\n'),
      },
      ...Array.from({ length: ITEMS_PER_TASK }, (_, index) => ({
        name: `media/tone-${index + 1}.wav`,
        content: toneWav([330 + 110 * index, 440, 550, 660], 1000),
      })),
      { name: 'media/disc.png', content: discPng(32, [40, 90, 200], [220, 30, 30]) },
    ])

    await apiSend(page, 'PATCH', `client/task-types/${demoType.id}/`, { encrypt_audio: true })
    try {
      const taskId = await page.evaluate(
        async ({ zip, fields }) => {
          const form = new FormData()
          for (const [name, value] of Object.entries(fields)) form.append(name, value)
          form.append('file', new Blob([new Uint8Array(zip)]), 'protected.zip')
          const token = document.cookie
            .split('; ')
            .find((part) => part.startsWith('csrftoken='))
            ?.slice('csrftoken='.length)
          const response = await fetch('/api/client/tasks/', {
            method: 'POST',
            headers: { Accept: 'application/json', 'X-CSRFToken': decodeURIComponent(token ?? '') },
            body: form,
          })
          if (!response.ok) throw new Error(`upload: HTTP ${response.status}`)
          return ((await response.json()) as { id: number }).id
        },
        {
          zip: [...zip],
          fields: {
            task_type: String(demoType.id),
            base_language: String(polish.id),
            target_language: String(polish.id),
            settle_target_lang: 'true',
            description,
            start_task: 'true',
          },
        },
      )
      await expect
        .poll(
          async () =>
            (
              await apiGet<{ status: string; encrypt_audio: boolean }>(
                page,
                `client/tasks/${taskId}/`,
              )
            ).status,
          { timeout: 60_000 },
        )
        .toBe('IN_PROGRESS')
      const task = await apiGet<{ encrypt_audio: boolean }>(page, `client/tasks/${taskId}/`)
      expect(task.encrypt_audio).toBe(true)
    } finally {
      await apiSend(page, 'PATCH', `client/task-types/${demoType.id}/`, { encrypt_audio: false })
    }
    return description
  } finally {
    await context.close()
  }
}

/** Starts the player and waits until its audio element's time moves through the recording. */
async function expectPlays(player: Locator) {
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 20_000 })
  await player.getByRole('button', { name: 'Play' }).click()
  const audio = player.locator('audio')
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.5)
  expect(await audio.evaluate((element: HTMLAudioElement) => element.error)).toBeNull()
}

const itemCards = (page: Page) => page.getByRole('region', { name: /^Item #\d+$/ })
const recordingPlayer = (card: Locator) =>
  card.getByRole('group', { name: 'Audio player: Recording' })

test.describe('protected audio', () => {
  // A task import with encryption, service-worker installs and media downloads.
  test.setTimeout(180_000)

  test('plays on the annotation screen, and offline after a reload from the device', async ({
    browser,
    page,
    context,
  }) => {
    const description = await uploadProtectedTask(browser, 'Protected annotation')
    await signInAs(page, 'annotator')
    await waitForServiceWorker(page)
    const { itemSetId } = await openDemoItemSet(page, description)

    // "Available offline" came once the set's keys were on the device.
    expect(await offlineStoreCount(page, 'mediaKeys')).toBeGreaterThan(0)
    const cards = itemCards(page)
    await expect(cards).toHaveCount(ITEMS_PER_TASK)
    const player = recordingPlayer(cards.nth(0))
    await expectPlays(player)
    // The same controls as for plain audio: the rate reaches the element Shaka Player plays in.
    await player.getByRole('combobox', { name: 'Playback speed' }).selectOption('2')
    expect(
      await player.locator('audio').evaluate((element: HTMLAudioElement) => element.playbackRate),
    ).toBe(2)

    await context.setOffline(true)
    const licenceCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/media/encaudio/license/')) licenceCalls.push(request.url())
    })
    await page.reload()
    await expect(cards).toHaveCount(ITEMS_PER_TASK, { timeout: 20_000 })
    await cards.nth(1).scrollIntoViewIfNeeded()
    await expectPlays(recordingPlayer(cards.nth(1)))
    // The keys came from the device's key store: no licence call was even tried.
    expect(licenceCalls).toEqual([])
    expect(page.url()).toContain(`/${itemSetId}`)
    await context.setOffline(false)
  })

  test('the media response plays nowhere without the key', async ({ browser, page }) => {
    const description = await uploadProtectedTask(browser, 'Protected bytes')
    await signInAs(page, 'annotator')
    const { itemSetId } = await openDemoItemSet(page, description)
    const view = await apiGet<{
      items: { id: number; data: { recording: { uuid: string } } }[]
    }>(page, `endworker/item-sets/${itemSetId}/`)
    const item = view.items[0]!
    const mediaUrl = `/api/endworker/item-sets/${itemSetId}/media/${item.id}/${item.data.recording.uuid}/`

    // Saved from the network tab and opened as a plain audio file: the browser cannot play it.
    const plain = await page.evaluate(async (url) => {
      const response = await fetch(url)
      const protection = response.headers.get('X-Media-Protection')
      const bytes = await response.blob()
      const audio = document.createElement('audio')
      audio.muted = true
      const failed = new Promise((resolve) => audio.addEventListener('error', resolve))
      audio.src = URL.createObjectURL(bytes)
      audio.play().catch(() => {})
      await failed
      return { protection, code: audio.error?.code, currentTime: audio.currentTime }
    }, mediaUrl)
    expect(plain.protection).toBe('clearkey')
    expect(UNPLAYABLE).toContain(plain.code)
    expect(plain.currentTime).toBe(0)
  })

  test('plays on a review card', async ({ browser, page }) => {
    const description = await uploadProtectedTask(browser, 'Protected review')
    const { taskId } = await drawReviewItems(browser, description, 1)

    await signInAs(page, 'reviewer')
    await page.goto('/review/perform')
    await page.getByRole('row').filter({ hasText: description }).getByRole('link').click()
    await page.waitForURL(`/review/perform/${taskId}`)
    const card = page.getByRole('article', { name: /^Review item #\d+$/ }).first()
    await expect(card).toBeVisible({ timeout: 20_000 })
    await expectPlays(recordingPlayer(card))
  })
})
