import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { webhookDeliveries, webhookDeliveryAttempts, webhooks } from '../../db/schema'
import { seedClientGroup } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/harness'
import { type Definitions, seedDefinitions, seedTask } from '../client-tasks/test-fixtures'
import { isPublicAddress, type Resolver, systemResolver } from './address-rules'
import {
  attemptDelivery,
  type DeliveryDeps,
  exponentialRetryDelay,
  nextAttemptAt,
  RETRY_WINDOW_MS,
} from './delivery'
import { webhookEvents } from './events'
import { httpSender } from './sender'
import { newWebhookSecret } from './signature'
import { startReceiver, verifiedByReceiver } from './test-support'

const ORIGIN = 'https://crowd.example.org'

describe('webhook deliveries', () => {
  let t: TestApp
  let definitions: Definitions
  let taskId: number
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined

  beforeAll(async () => {
    t = await createTestApp()
    const group = await seedClientGroup(t.db)
    definitions = await seedDefinitions(t.db, group.id)
    taskId = (await seedTask(t.db, definitions, { items: [{ data: { prompt: 'secret item' } }] }))
      .task.id
  })
  afterAll(() => t.close())
  afterEach(async () => {
    await receiver?.close()
    receiver = undefined
    await t.db.delete(webhooks)
  })

  /** Delivery dependencies with a clock the test moves and the retries it would queue. */
  function deliveryDeps(overrides: Partial<DeliveryDeps> = {}) {
    const clock = { now: new Date() }
    const scheduled: { deliveryId: number; at: Date }[] = []
    const deps: DeliveryDeps = {
      db: t.db,
      logger: { error: () => {}, warn: () => {} },
      allowPrivate: true,
      resolve: systemResolver,
      send: httpSender,
      timeoutMs: 10_000,
      now: () => clock.now,
      retryDelay: exponentialRetryDelay,
      schedule: async (_tx, deliveryId, at) => {
        scheduled.push({ deliveryId, at })
      },
      ...overrides,
    }
    return { deps, clock, scheduled }
  }

  async function registerWebhook(url: string, events = ['task.finished'], active = true) {
    const [row] = await t.db
      .insert(webhooks)
      .values({
        clientGroupId: definitions.clientGroupId,
        url,
        events,
        active,
        secret: newWebhookSecret(),
      })
      .returning()
    if (!row) throw new Error('webhook insert returned nothing')
    return row
  }

  const emitFinished = () =>
    t.db.transaction((tx) => webhookEvents(null, ORIGIN).emitForTask(tx, taskId, 'task.finished'))

  async function attemptsOf(deliveryId: number) {
    return t.db
      .select()
      .from(webhookDeliveryAttempts)
      .where(eq(webhookDeliveryAttempts.deliveryId, deliveryId))
      .orderBy(webhookDeliveryAttempts.attempt)
  }

  it('sends the event signed the Standard Webhooks way, with ids and links but no item data', async () => {
    receiver = await startReceiver()
    const hook = await registerWebhook(receiver.url)
    await registerWebhook(receiver.url, ['task.export_finished'])
    const { deps, clock } = deliveryDeps()
    clock.now = new Date('2030-05-01T12:00:00.500Z')

    const [deliveryId] = await emitFinished()
    expect(await attemptDelivery(deps, deliveryId!)).toBe('SUCCEEDED')

    expect(receiver.received).toHaveLength(1)
    const [request] = receiver.received
    expect(verifiedByReceiver(hook.secret, request!)).toBe(true)
    expect(verifiedByReceiver(newWebhookSecret(), request!)).toBe(false)
    expect(request!.headers['webhook-timestamp']).toBe(String(Date.UTC(2030, 4, 1, 12) / 1000))
    expect(request!.headers['webhook-id']).toMatch(/^msg_/)
    expect(request!.headers['content-type']).toBe('application/json')
    const payload = JSON.parse(request!.body)
    expect(payload).toEqual({
      type: 'task.finished',
      timestamp: expect.any(String),
      data: {
        task_id: taskId,
        client_group_id: definitions.clientGroupId,
        links: { task: `${ORIGIN}/api/client/tasks/${taskId}/` },
      },
    })
    expect(request!.body).not.toContain('secret item')
    const [attempt] = await attemptsOf(deliveryId!)
    expect(attempt).toMatchObject({ attempt: 1, statusCode: 200, error: null })
    expect(attempt!.attemptedAt).toEqual(clock.now)
  })

  it('retries a 500 after 30 seconds with the same delivery id, then delivers on 200', async () => {
    receiver = await startReceiver([500])
    const hook = await registerWebhook(receiver.url)
    const { deps, clock, scheduled } = deliveryDeps()
    const [deliveryId] = await emitFinished()

    expect(await attemptDelivery(deps, deliveryId!)).toBe('PENDING')
    expect(scheduled).toEqual([{ deliveryId, at: new Date(clock.now.getTime() + 30_000) }])

    clock.now = scheduled[0]!.at
    expect(await attemptDelivery(deps, deliveryId!)).toBe('SUCCEEDED')
    expect(scheduled).toHaveLength(1)

    const [first, second] = receiver.received
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id'])
    expect(first!.body).toBe(second!.body)
    expect(Number(second!.headers['webhook-timestamp'])).toBe(
      Number(first!.headers['webhook-timestamp']) + 30,
    )
    expect(verifiedByReceiver(hook.secret, first!)).toBe(true)
    expect(verifiedByReceiver(hook.secret, second!)).toBe(true)
    expect(await attemptsOf(deliveryId!)).toMatchObject([
      { attempt: 1, statusCode: 500, error: 'The receiver answered 500.' },
      { attempt: 2, statusCode: 200, error: null },
    ])
    // A job run twice (a retried job of a killed process) finds the delivery settled.
    expect(await attemptDelivery(deps, deliveryId!)).toBe('SUCCEEDED')
    expect(receiver.received).toHaveLength(2)
  })

  it('retries network errors and silence, and gives up when the day is over', async () => {
    receiver = await startReceiver([], { silent: true })
    await registerWebhook(receiver.url)
    const { deps, clock, scheduled } = deliveryDeps({ timeoutMs: 200 })
    const [deliveryId] = await emitFinished()
    const started = clock.now.getTime()
    expect(await attemptDelivery(deps, deliveryId!)).toBe('PENDING')

    const unreachable = await startReceiver()
    await unreachable.close()
    await t.db.update(webhooks).set({ url: unreachable.url })
    clock.now = new Date(clock.now.getTime() + 30_000)
    expect(await attemptDelivery(deps, deliveryId!)).toBe('PENDING')
    expect(scheduled.map((entry) => entry.at.getTime() - started)).toEqual([30_000, 90_000])

    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId!))
    clock.now = new Date(delivery!.createdAt.getTime() + RETRY_WINDOW_MS)
    expect(await attemptDelivery(deps, deliveryId!)).toBe('FAILED')
    expect(scheduled).toHaveLength(2)
    const attempts = await attemptsOf(deliveryId!)
    expect(attempts.map((attempt) => attempt.statusCode)).toEqual([null, null, null])
    expect(attempts[0]!.error).toBe('No answer within 0.2 s.')
    expect(attempts[1]!.error).toContain('ECONNREFUSED')
  })

  it('backs off exponentially from 30 seconds, with the last retry at the end of the day', () => {
    const created = new Date('2030-01-01T00:00:00Z')
    const later = (ms: number) => new Date(created.getTime() + ms)
    expect(nextAttemptAt(created, 1, created, exponentialRetryDelay)).toEqual(later(30_000))
    expect(nextAttemptAt(created, 2, later(30_000), exponentialRetryDelay)).toEqual(later(90_000))
    expect(nextAttemptAt(created, 5, later(60_000), exponentialRetryDelay)).toEqual(
      later(60_000 + 8 * 60_000),
    )
    expect(
      nextAttemptAt(created, 12, later(RETRY_WINDOW_MS - 1000), exponentialRetryDelay),
    ).toEqual(later(RETRY_WINDOW_MS))
    expect(nextAttemptAt(created, 13, later(RETRY_WINDOW_MS), exponentialRetryDelay)).toBeNull()
  })

  it('refuses private, loopback, link-local and metadata addresses at send time', async () => {
    receiver = await startReceiver()
    const names: Record<string, string[]> = {
      'hooks.example.test': ['10.1.2.3'],
      'rebinding.example.test': ['93.184.216.34', '192.168.1.1'],
      'v6.example.test': ['fd00::1'],
    }
    const resolve: Resolver = async (host) =>
      (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    const { deps, scheduled } = deliveryDeps({ allowPrivate: false, resolve })
    const refused = [
      [`https://127.0.0.1:${receiver.port}/hook`, 'Refused: 127.0.0.1 is not a public address.'],
      ['https://10.0.0.1/hook', 'Refused: 10.0.0.1 is not a public address.'],
      [
        'https://169.254.169.254/latest/meta-data/',
        'Refused: 169.254.169.254 is not a public address.',
      ],
      [`https://[::1]:${receiver.port}/hook`, 'Refused: ::1 is not a public address.'],
      [
        'https://hooks.example.test/hook',
        'Refused: hooks.example.test resolves to 10.1.2.3, which is not a public address.',
      ],
      [
        'https://rebinding.example.test/hook',
        'Refused: rebinding.example.test resolves to 192.168.1.1, which is not a public address.',
      ],
      [
        'https://v6.example.test/hook',
        'Refused: v6.example.test resolves to fd00::1, which is not a public address.',
      ],
      [receiver.url, 'Refused: Only https:// URLs are called.'],
    ] as const
    for (const [url, error] of refused) {
      const hook = await registerWebhook(url)
      const [deliveryId] = await emitFinished()
      expect(await attemptDelivery(deps, deliveryId!), url).toBe('FAILED')
      expect(await attemptsOf(deliveryId!), url).toMatchObject([{ statusCode: null, error }])
      await t.db.delete(webhooks).where(eq(webhooks.id, hook.id))
    }
    expect(receiver.received).toEqual([])
    expect(scheduled).toEqual([])
  })

  it('tells public addresses from the others, IPv6 and mapped forms included', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('sends nothing more for a deleted or inactive webhook', async () => {
    receiver = await startReceiver([500])
    const hook = await registerWebhook(receiver.url)
    const { deps } = deliveryDeps()
    const [deliveryId] = await emitFinished()
    expect(await attemptDelivery(deps, deliveryId!)).toBe('PENDING')

    await t.db.update(webhooks).set({ active: false }).where(eq(webhooks.id, hook.id))
    expect(await attemptDelivery(deps, deliveryId!)).toBe('CANCELLED')
    expect(await emitFinished()).toEqual([])

    await t.db.update(webhooks).set({ active: true }).where(eq(webhooks.id, hook.id))
    const [queued] = await emitFinished()
    await t.db.delete(webhooks).where(eq(webhooks.id, hook.id))
    expect(await attemptDelivery(deps, queued!)).toBeNull()
    expect(await emitFinished()).toEqual([])
    expect(receiver.received).toHaveLength(1)
  })
})
