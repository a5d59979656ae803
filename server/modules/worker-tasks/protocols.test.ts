import { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaObjects, protocolReads } from '../../db/schema'
import { createTestAppWithMedia, type MediaTestApp } from '../../test/harness'
import { storeStream } from '../media/storage'
import { addWorker, idempotencyHeaders, seedScenario } from './test-fixtures'

let t: MediaTestApp

beforeAll(async () => {
  t = await createTestAppWithMedia('worker-protocols')
})
afterAll(() => t.close())

const protocolPath = (id: number) => `endworker/protocols/${id}/`

describe('GET /api/endworker/protocols/{id}/', () => {
  it('shows the protocol of a task the worker may take, with their read state', async () => {
    const scenario = await seedScenario(t.db, {
      protocol: { content: '# Rules v2', diff: '-old\n+new', showChangesDays: 30 },
    })
    const worker = await addWorker(t.app, scenario, { confirmedProtocol: false })
    const response = await worker.get(protocolPath(scenario.protocolId))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: scenario.protocolId,
      version: 1,
      serving_type: 'TXT',
      content: '# Rules v2',
      diff: '-old\n+new',
      show_changes: true,
      read: false,
      read_timestamp: null,
    })
  })

  it('answers 404 for protocols of tasks the worker has nothing to do with', async () => {
    const scenario = await seedScenario(t.db)
    const outsider = await addWorker(t.app, scenario, { inTaskGroup: false })
    expect((await outsider.get(protocolPath(scenario.protocolId))).statusCode).toBe(404)
  })

  it('serves the PDF of a PDF protocol with ?serve=true', async () => {
    const pdf = await storeStream(t.media, Readable.from([Buffer.from('%PDF-1.4 demo')]), '.pdf')
    const [file] = await t.db
      .insert(mediaObjects)
      .values({
        uuid: pdf.uuid,
        storageKey: pdf.storageKey,
        mimeType: 'application/pdf',
        sizeBytes: pdf.sizeBytes,
        sha256: pdf.sha256,
      })
      .returning()
    const scenario = await seedScenario(t.db, {
      protocol: { servingType: 'PDF', content: '', fileId: file!.id },
    })
    const worker = await addWorker(t.app, scenario)
    const view = await worker.get(protocolPath(scenario.protocolId))
    expect(view.json()).toMatchObject({ serving_type: 'PDF', content: '', read: true })
    const served = await worker.get(protocolPath(scenario.protocolId), { query: { serve: 'true' } })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.body).toBe('%PDF-1.4 demo')
  })
})

describe('POST /api/endworker/protocols/{id}/confirm/', () => {
  it('records the read once, however often it is confirmed', async () => {
    const scenario = await seedScenario(t.db)
    const worker = await addWorker(t.app, scenario, { confirmedProtocol: false })
    const confirmPath = `${protocolPath(scenario.protocolId)}confirm/`
    const first = await worker.post(confirmPath, undefined, { headers: idempotencyHeaders() })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ protocol_id: scenario.protocolId, read: true })
    const second = await worker.post(confirmPath)
    expect(second.json().read_timestamp).toBe(first.json().read_timestamp)
    const rows = await t.db
      .select()
      .from(protocolReads)
      .where(
        and(
          eq(protocolReads.userId, worker.user.id),
          eq(protocolReads.protocolId, scenario.protocolId),
        ),
      )
    expect(rows).toHaveLength(1)
    const view = (await worker.get(protocolPath(scenario.protocolId))).json()
    expect(view).toMatchObject({ read: true, read_timestamp: first.json().read_timestamp })
  })

  it('answers 404 for a protocol the worker has nothing to do with', async () => {
    const scenario = await seedScenario(t.db)
    const outsider = await addWorker(t.app, scenario, {
      inTaskGroup: false,
      confirmedProtocol: false,
    })
    const response = await outsider.post(`${protocolPath(scenario.protocolId)}confirm/`)
    expect(response.statusCode).toBe(404)
  })
})
