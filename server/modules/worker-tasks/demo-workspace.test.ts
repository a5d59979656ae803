import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoWorkspace, type DemoResult } from '../../demo/demo'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { signInAs } from '../../test/session-client'
import { annotationBody, annotationPath, claimPath } from './test-fixtures'

const password = 'demo password for tests'
let t: MediaTestApp
let demo: DemoResult

beforeAll(async () => {
  t = await createTestAppWithMedia('worker-demo')
  demo = await createDemoWorkspace(t.db, { mediaDir: t.mediaDir, password })
})
afterAll(() => t.close())

describe('the demo workspace for an annotator', () => {
  it('offers the demo task, and after the protocol a fixed set whose media can be played', async () => {
    const annotator = await signInAs(t, {
      id: 0,
      username: 'annotator',
      password,
      email: '',
      roles: ['endworker'],
    })
    const list = (await annotator.get('endworker/tasks/')).json()
    expect(list.results.map((task: { id: number }) => task.id)).toEqual([demo.taskId])
    const [task] = list.results
    expect(task.protocol.read).toBe(false)
    expect((await annotator.post(claimPath(demo.taskId))).statusCode).toBe(403)
    await annotator.post(`endworker/protocols/${task.protocol.id}/confirm/`)
    const claim = await annotator.post(claimPath(demo.taskId))
    expect(claim.statusCode).toBe(201)
    const set = claim.json()
    expect(set.items_count).toBe(3)
    const media = set.items.flatMap((item: { id: number; data: Record<string, unknown> }) =>
      Object.values(item.data)
        .filter((value): value is { uuid: string } => typeof value === 'object' && value !== null)
        .map((value) => `endworker/item-sets/${set.id}/media/${item.id}/${value.uuid}/`),
    )
    expect(media.length).toBeGreaterThan(0)
    for (const url of media) expect((await annotator.get(url)).statusCode).toBe(200)
    const field = Object.keys(set.schema.annotation_schema)[0] as string
    const save = await annotator.put(
      annotationPath(set.id, set.items[0].id),
      annotationBody({ [field]: 'true' }),
    )
    expect(save.statusCode).toBe(200)
  })
})
