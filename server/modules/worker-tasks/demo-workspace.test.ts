import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APPROVAL_STATUS } from '../../../contract/auth'
import { createDemoWorkspace, type DemoResult } from '../../demo/demo'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { signInAs } from '../../test/session-client'
import { annotationBody, annotationPath, claimPath } from './test-fixtures'

const password = 'demo password for tests'
let t: MediaTestApp
let demo: DemoResult

beforeAll(async () => {
  t = await createTestAppWithMedia('worker-demo')
  demo = await createDemoWorkspace(t.db, {
    media: t.media,
    contentKeys: t.app.mediaKeys,
    password,
  })
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
    const listed = list.results.map((task: { id: number }) => task.id)
    expect(listed.sort()).toEqual([demo.taskId, demo.protectedTaskId].sort())
    const task = list.results.find((listed: { id: number }) => listed.id === demo.taskId)
    expect(task.encrypt_audio).toBe(false)
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

    // The protected task beside it: its recordings are answered encrypted, its key by licence.
    const protectedClaim = await annotator.post(claimPath(demo.protectedTaskId))
    expect(protectedClaim.statusCode).toBe(201)
    const protectedSet = protectedClaim.json()
    expect(protectedSet.task.encrypt_audio).toBe(true)
    const [item] = protectedSet.items
    const recording = `endworker/item-sets/${protectedSet.id}/media/${item.id}/${item.data.recording.uuid}/`
    const audio = await annotator.get(recording)
    expect(audio.headers['x-media-protection']).toBe('clearkey')
    const manifest = await annotator.get(recording, { query: { manifest: 'true' } })
    const kid = manifest.body.match(/cenc:default_KID="([\w-]+)"/)![1]!.replaceAll('-', '')
    const licence = await annotator.post('media/encaudio/license/', {
      kids: [Buffer.from(kid, 'hex').toString('base64url')],
      type: 'temporary',
    })
    expect(licence.statusCode, licence.body).toBe(200)
    expect(licence.json().keys).toHaveLength(1)
  })
})

describe('the demo accounts', () => {
  it('can each save their profile unchanged', async () => {
    for (const credential of demo.credentials) {
      const client = await signInAs(t, {
        id: 0,
        username: credential.username,
        password,
        email: '',
        roles: [credential.role],
      })
      const user = (await client.get('auth/current-user/')).json()
      const profile = user.endworker_profile
      const response = await client.patch('auth/current-user/', {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        ...(profile && {
          endworker_profile: {
            main_language: profile.main_language,
            languages: profile.languages,
            native_languages: profile.native_languages,
            gender: profile.gender,
            birth_year: profile.birth_year,
            availability: profile.availability,
          },
        }),
      })
      expect(response.statusCode, `${credential.username}: ${response.body}`).toBe(200)
      expect(response.json().endworker_profile?.approval?.status ?? null).not.toBe(
        APPROVAL_STATUS.PENDING,
      )
    }
  })
})
