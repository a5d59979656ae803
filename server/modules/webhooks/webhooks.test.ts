import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedWebhook, WebhookAttempt } from '../../../contract/webhooks'
import { dumps, webhookDeliveries } from '../../db/schema'
import { seedClientGroup } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { type SignedInClient, signIn } from '../../test/session-client'
import { runExport } from '../client-tasks/dumps/export-job'
import { type Definitions, seedDefinitions, seedTask } from '../client-tasks/test-fixtures'
import { LocalMediaStore } from '../media/store/local-store'
import { appWebhookEvents } from './events'
import { startReceiver, verifiedByReceiver } from './test-support'

const EVENTS = ['task.finished', 'task.export_finished']

describe('webhooks of a client group (WEBHOOK_ALLOW_PRIVATE on, no job queue)', () => {
  let t: TestApp
  let client: SignedInClient
  let definitions: Definitions
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true })
    client = await signIn(t, { roles: ['client'] })
    const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
    definitions = await seedDefinitions(t.db, group.id)
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await t.close()
  })

  async function create(body: Record<string, unknown> = {}) {
    const response = await client.post('client/webhooks/', {
      client_group: definitions.clientGroupId,
      url: receiver.url,
      events: EVENTS,
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as CreatedWebhook
  }

  it('shows the secret once, lists, edits and deletes', async () => {
    const created = await create()
    expect(created).toMatchObject({
      client_group: definitions.clientGroupId,
      url: receiver.url,
      events: EVENTS,
      active: true,
    })
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

    const listed = await client.get('client/webhooks/', {
      query: { client_group: String(definitions.clientGroupId) },
    })
    expect(listed.json()).toEqual([expect.objectContaining({ id: created.id })])
    expect(listed.body).not.toContain(created.secret)
    expect((await client.get(`client/webhooks/${created.id}/`)).body).not.toContain('whsec_')

    const edited = await client.patch(`client/webhooks/${created.id}/`, {
      events: ['task.import_failed'],
      active: false,
    })
    expect(edited.json()).toMatchObject({ events: ['task.import_failed'], active: false })

    expect((await client.delete(`client/webhooks/${created.id}/`)).statusCode).toBe(204)
    expect((await client.get(`client/webhooks/${created.id}/`)).statusCode).toBe(404)
  })

  it('sends a signed test event and logs the attempt', async () => {
    const created = await create()
    const sent = await client.post(`client/webhooks/${created.id}/test/`)
    expect(sent.statusCode, sent.body).toBe(202)
    expect(sent.json()).toMatchObject({ status: 'SUCCEEDED', delivery_id: expect.any(String) })

    const request = receiver.received.at(-1)!
    expect(request.headers['webhook-id']).toBe(sent.json().delivery_id)
    expect(verifiedByReceiver(created.secret, request)).toBe(true)
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: created.id, client_group_id: definitions.clientGroupId },
    })

    const log = (await client.get(`client/webhooks/${created.id}/deliveries/`)).json()
    expect(log).toEqual([
      {
        delivery_id: sent.json().delivery_id,
        event: 'webhook.test',
        attempt: 1,
        attempted_at: expect.any(String),
        status_code: 200,
        duration_ms: expect.any(Number),
        error: null,
        delivery_status: 'SUCCEEDED',
        next_attempt_at: null,
      } satisfies WebhookAttempt,
    ])

    await client.patch(`client/webhooks/${created.id}/`, { active: false })
    const inactive = await client.post(`client/webhooks/${created.id}/test/`)
    expect(inactive.statusCode).toBe(409)
  })

  it('emits task.finished when a task finishes, and the export events after an export', async () => {
    const created = await create({ events: [...EVENTS, 'task.export_failed'] })
    const { task } = await seedTask(t.db, definitions, {
      status: 'IN_PROGRESS',
      downloadEnabled: true,
      items: [{ data: { prompt: 'hello' } }],
    })
    const eventsOf = async () =>
      (
        await t.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.webhookId, created.id))
          .orderBy(webhookDeliveries.id)
      ).map((delivery) => ({ type: delivery.eventType, data: JSON.parse(delivery.body).data }))

    const exported = await client.post(`client/tasks/${task.id}/dump_async/`, {})
    expect(exported.json()).toMatchObject({ status: 'FINISHED' })
    const finished = await client.patch(`client/tasks/${task.id}/`, { status: 'FINISHED' })
    expect(finished.statusCode, finished.body).toBe(200)
    await client.patch(`client/tasks/${task.id}/`, { status: 'ARCHIVED' })
    await client.patch(`client/tasks/${task.id}/`, { status: 'FINISHED' })

    // An export that fails (its file cannot be written) tells of that too.
    const [failing] = await t.db
      .insert(dumps)
      .values({ taskId: task.id, taskStatus: 'FINISHED', status: 'PROCESSING' })
      .returning()
    const logger = { error: () => {}, warn: () => {} }
    const deps = {
      db: t.db,
      media: new LocalMediaStore('/dev/null/nowhere'),
      logger,
      events: appWebhookEvents(t.app),
    }
    await runExport(deps, failing!.id)

    const origin = t.app.config.publicOrigins[0]
    const taskLink = `${origin}/api/client/tasks/${task.id}/`
    expect(await eventsOf()).toEqual([
      {
        type: 'task.export_finished',
        data: {
          task_id: task.id,
          client_group_id: definitions.clientGroupId,
          dump_id: exported.json().id,
          links: {
            task: taskLink,
            dump: `${taskLink}dump_async/`,
            file: `${taskLink}dump_async/file/`,
          },
        },
      },
      {
        type: 'task.finished',
        data: {
          task_id: task.id,
          client_group_id: definitions.clientGroupId,
          links: { task: taskLink },
        },
      },
      {
        type: 'task.export_failed',
        data: expect.objectContaining({ task_id: task.id, dump_id: failing!.id }),
      },
    ])
  })

  it('refuses bad input with the field', async () => {
    const cases = [
      [{ events: [] }, 'events'],
      [{ events: ['task.deleted'] }, 'events'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'ftp://example.org/hook' }, 'url'],
      [{ url: 'https://user:pass@example.org/hook' }, 'url'],
      [{ active: 'yes' }, 'active'],
    ] as const
    for (const [body, field] of cases) {
      const response = await client.post('client/webhooks/', {
        client_group: definitions.clientGroupId,
        url: receiver.url,
        events: EVENTS,
        ...body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      // A problem inside the list is reported on its entry (events.0).
      expect(Object.keys(response.json().fields ?? {}).join(' '), JSON.stringify(body)).toMatch(
        new RegExp(`^${field}\\b`),
      )
    }
  })

  it("keeps other client groups' webhooks out of reach and refuses workers", async () => {
    const created = await create()
    const stranger = await signIn(t, { roles: ['client'] })
    await seedClientGroup(t.db, { memberIds: [stranger.user.id] })
    const path = `client/webhooks/${created.id}/`

    expect((await stranger.get('client/webhooks/')).json()).toEqual([])
    expect(
      (
        await stranger.get('client/webhooks/', {
          query: { client_group: String(definitions.clientGroupId) },
        })
      ).json(),
    ).toEqual([])
    expect((await stranger.get(path)).statusCode).toBe(404)
    expect((await stranger.patch(path, { active: false })).statusCode).toBe(404)
    expect((await stranger.delete(path)).statusCode).toBe(404)
    expect((await stranger.get(`${path}deliveries/`)).statusCode).toBe(404)
    expect((await stranger.post(`${path}test/`)).statusCode).toBe(404)
    const foreign = await stranger.post('client/webhooks/', {
      client_group: definitions.clientGroupId,
      url: receiver.url,
      events: EVENTS,
    })
    expect(foreign.statusCode).toBe(404)
    expect((await client.get(path)).json()).toMatchObject({ active: true })

    const worker = await signIn(t, { roles: ['endworker'] })
    expect((await worker.get('client/webhooks/')).statusCode).toBe(403)
    expect((await worker.get(path)).statusCode).toBe(403)
    expect((await worker.post(`${path}test/`)).statusCode).toBe(403)

    const staff = await signIn(t, { roles: ['staff'] })
    expect((await staff.get(path)).statusCode).toBe(200)
  })
})

describe('webhook registration with WEBHOOK_ALLOW_PRIVATE off', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('takes only https URLs that do not name a private address', async () => {
    const client = await signIn(t, { roles: ['client'] })
    const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
    const register = (url: string) =>
      client.post('client/webhooks/', { client_group: group.id, url, events: ['task.finished'] })
    for (const url of [
      'http://hooks.example.org/in',
      'https://127.0.0.1/in',
      'https://10.0.0.1/in',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/in',
      'https://[::ffff:192.168.0.1]/in',
    ]) {
      const refused = await register(url)
      expect(refused.statusCode, url).toBe(400)
      expect(refused.json().fields.url, url).toHaveLength(1)
    }
    expect((await register('https://hooks.example.org/in')).statusCode).toBe(201)
  })
})

describe('webhook deliveries through the job queue', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ webhookAllowPrivate: true }, { jobs: true })
  })
  afterAll(() => t.close())

  it('answers at once and the worker delivers the test event', async () => {
    const receiver = await startReceiver()
    try {
      const client = await signIn(t, { roles: ['client'] })
      const group = await seedClientGroup(t.db, { memberIds: [client.user.id] })
      const created = await client.post('client/webhooks/', {
        client_group: group.id,
        url: receiver.url,
        events: ['task.finished'],
      })
      const sent = await client.post(`client/webhooks/${created.json().id}/test/`)
      expect(sent.json()).toMatchObject({ status: 'PENDING' })

      const deadline = Date.now() + 20_000
      while (receiver.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(receiver.received).toHaveLength(1)
      expect(verifiedByReceiver(created.json().secret, receiver.received[0]!)).toBe(true)
    } finally {
      await receiver.close()
    }
  })
})
