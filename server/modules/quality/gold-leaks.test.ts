import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_WORK_HTML } from '../../../contract/first-work-pages'
import { mediaObjects } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { storeStream } from '../media/storage'
import { addReviewer, addReviewGroup } from '../review/test-fixtures'
import {
  addWorker,
  annotationBody,
  annotationPath,
  claimPath,
  idempotencyHeaders,
  itemDataAt,
  type Scenario,
  seedScenario,
  type WorkerClient,
} from '../worker-tasks/test-fixtures'
import { makeGold } from './test-fixtures'

/**
 * Nothing a worker can fetch tells a gold item from another: every endpoint a worker calls (and
 * what the PWA keeps offline: the item set view, its protocol and the item media the service
 * worker caches) is called for a set holding gold and ordinary items, each answer scanned for
 * keys that name gold, expected answers, scores or flags, and the answer about a gold item
 * compared with the answer about an ordinary one by the shape of their keys, recursively.
 */

let t: MediaTestApp
let staticDir: string

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gold-leaks-pwa-'))
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app</title>')
  fs.writeFileSync(path.join(staticDir, FIRST_WORK_HTML), '<!doctype html><title>work</title>')
  t = await createTestAppWithMedia('gold-leaks', { staticDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

const TELLING_KEY = /gold|expected|score|flag|correct/i

/** Every key anywhere in the value, by its path. */
function tellingKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((entry, index) => tellingKeys(entry, `${at}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(TELLING_KEY.test(key) ? [`${at}.${key}`] : []),
    ...tellingKeys(entry, `${at}.${key}`),
  ])
}

/** The keys of a value, recursively, with the type of each leaf (arrays by their entries' shapes). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return [...new Set(value.map((entry) => JSON.stringify(shape(entry))))]
  if (typeof value !== 'object' || value === null) return value === null ? 'null' : typeof value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
  )
}

type Answer = { statusCode: number; body: string; json: () => unknown }

/** A JSON answer with no telling key; answers its body. */
function clean(what: string, response: Answer): unknown {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300)
  const body = response.json()
  expect(tellingKeys(body), what).toEqual([])
  return body
}

/** Answers about a gold and an ordinary item are alike but for their own values. */
function alike(what: string, gold: unknown, ordinary: unknown) {
  expect(shape(gold), what).toEqual(shape(ordinary))
}

type ItemView = { id: number }
const itemOf = (body: unknown, itemId: number) =>
  (body as { items: ItemView[] }).items.find((item) => item.id === itemId)

async function seedGoldTask(): Promise<{
  scenario: Scenario
  gold: number[]
  reviewGroupId: number
}> {
  const itemData = []
  for (let position = 0; position < 5; position++) {
    const stored = await storeStream(
      t.media,
      Readable.from([Buffer.from(`audio ${position}`)]),
      '.wav',
    )
    itemData.push({ ...itemDataAt(position), recording: { uuid: stored.uuid }, stored })
  }
  const scenario = await seedScenario(t.db, {
    items: itemData.map(({ stored: _, ...data }) => data),
    type: {
      itemsPerSet: 4,
      goldShare: 50,
      reviewEnabled: true,
      reviewProbability: 1,
      reviewNewcomersBound: 0,
    },
  })
  await t.db.insert(mediaObjects).values(
    itemData.map(({ stored }) => ({
      uuid: stored.uuid,
      taskId: scenario.task.id,
      storageKey: stored.storageKey,
      mimeType: 'audio/wav',
      sizeBytes: stored.sizeBytes,
      sha256: stored.sha256,
    })),
  )
  const gold = scenario.itemIds.slice(3)
  await makeGold(t.db, gold, { transcript: 'expected words', ok: 'true' })
  return { scenario, gold, reviewGroupId: await addReviewGroup(t.app, scenario.taskGroupId) }
}

describe('gold never leaks to a worker', () => {
  it('answers every worker endpoint alike for gold and ordinary items', async () => {
    const { scenario, gold, reviewGroupId } = await seedGoldTask()
    const worker: WorkerClient = await addWorker(t.app, scenario)
    const taskId = scenario.task.id

    clean('task list', await worker.get('endworker/tasks/'))
    const claimed = clean('claim', await worker.post(claimPath(taskId))) as {
      id: number
      items: (ItemView & { data: { recording: { uuid: string } } })[]
    }
    const setId = claimed.id
    const goldId = claimed.items.find((item) => gold.includes(item.id))!.id
    const ordinaryId = claimed.items.find((item) => !gold.includes(item.id))!.id
    const pair = (body: unknown, what: string) =>
      alike(what, itemOf(body, goldId), itemOf(body, ordinaryId))
    pair(claimed, 'claim')
    pair(clean('open set again', await worker.post(claimPath(taskId))), 'open set again')
    pair(clean('item set', await worker.get(`endworker/item-sets/${setId}/`)), 'item set')
    clean('protocol', await worker.get(`endworker/protocols/${scenario.protocolId}/`))

    // Item media, which the service worker caches: the same answer but for the bytes.
    const media = async (itemId: number) => {
      const uuid = claimed.items.find((item) => item.id === itemId)!.data.recording.uuid
      return worker.get(`endworker/item-sets/${setId}/media/${itemId}/${uuid}/`)
    }
    const [goldMedia, ordinaryMedia] = [await media(goldId), await media(ordinaryId)]
    expect(goldMedia.statusCode).toBe(200)
    expect(Object.keys(goldMedia.headers).sort()).toEqual(Object.keys(ordinaryMedia.headers).sort())

    // Saves: a draft, a Done, an outbox replay of it, and a late older edit, for both items.
    const saves = async (itemId: number) => {
      const path = annotationPath(setId, itemId)
      const headers = idempotencyHeaders()
      const done = annotationBody({ transcript: 'some words', ok: 'true' }, { isDone: true })
      return [
        clean(
          'draft',
          await worker.put(
            path,
            annotationBody({ transcript: 'some' }, { at: new Date(Date.now() - 60_000) }),
          ),
        ),
        clean('done', await worker.put(path, done, { headers })),
        clean('replay', await worker.put(path, done, { headers })),
        clean(
          'older edit',
          await worker.put(path, annotationBody({ transcript: 'x' }, { at: new Date(0) })),
        ),
      ]
    }
    const [goldSaves, ordinarySaves] = [await saves(goldId), await saves(ordinaryId)]
    alike('saves', goldSaves, ordinarySaves)
    pair(
      clean('item set with answers', await worker.get(`endworker/item-sets/${setId}/`)),
      'answered set',
    )

    for (const item of claimed.items.filter(
      (item) => item.id !== goldId && item.id !== ordinaryId,
    )) {
      await worker.put(
        annotationPath(setId, item.id),
        annotationBody({ transcript: 'more words', ok: 'true' }, { isDone: true }),
      )
    }
    clean('finish', await worker.post(`endworker/item-sets/${setId}/finish/`, {}))
    pair(clean('finished set', await worker.get(`endworker/item-sets/${setId}/`)), 'finished set')
    clean('task list after work', await worker.get('endworker/tasks/'))

    // Feedback on reviewed work.
    const reviewer = await addReviewer(t.app, reviewGroupId)
    const locked = clean(
      'review lock',
      await reviewer.post('review/locked-items/', { task: taskId }),
    ) as {
      results: { id: number; item_id: number }[]
    }
    for (const item of locked.results) {
      await reviewer.patch(`review/locked-items/${item.id}/`, { mark: 4 })
    }
    clean('feedback stats', await worker.get('review/feedback/stats/'))
    clean('feedback tasks', await worker.get('review/feedback/tasks/'))
    clean('feedback task', await worker.get(`review/feedback/tasks/${taskId}/`))
    const feedback = clean('feedback items', await worker.get('review/feedback/items/')) as {
      results: { id: number; item_id: number }[]
    }
    const reviewed = (itemId: number) => feedback.results.find((item) => item.item_id === itemId)
    expect(reviewed(goldId)).toBeDefined()
    alike('feedback items', reviewed(goldId), reviewed(ordinaryId))
    alike(
      'feedback item',
      clean('feedback gold', await worker.get(`review/feedback/items/${reviewed(goldId)!.id}/`)),
      clean(
        'feedback ordinary',
        await worker.get(`review/feedback/items/${reviewed(ordinaryId)!.id}/`),
      ),
    )

    // The first-work page of an item set is the same page whatever item it opens at.
    const page = (itemId: number) =>
      t.app.inject({
        url: `/tasks/${taskId}/${setId}?item=${itemId}`,
        cookies: Object.fromEntries(worker.cookies),
        headers: { 'accept-encoding': 'identity' },
      })
    const [goldPage, ordinaryPage] = [await page(goldId), await page(ordinaryId)]
    expect(goldPage.statusCode).toBe(200)
    expect(goldPage.body).toBe(ordinaryPage.body)
  })
})
