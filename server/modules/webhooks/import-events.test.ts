import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { webhookDeliveries, webhooks } from '../../db/schema'
import { abandonImport, type ImportContext, importTask } from '../task-intake/import'
import {
  jsonl,
  processingTask,
  requiredFields,
  setUpIntakeTests,
  uploadTask,
} from '../task-intake/test-support'
import { appWebhookEvents } from './events'
import { newWebhookSecret } from './signature'

const intake = setUpIntakeTests('webhook-import-events')

const importContext = (): ImportContext => ({
  db: intake.t.db,
  media: intake.t.media,
  logger: { error: () => {}, warn: () => {} },
  zipLimits: intake.t.app.config.zipLimits,
  contentKeys: intake.t.app.mediaKeys,
  events: appWebhookEvents(intake.t.app),
})

async function subscribe(events: string[]) {
  const [hook] = await intake.t.db
    .insert(webhooks)
    .values({
      clientGroupId: intake.defs.clientGroupId,
      url: 'https://hooks.example.org/in',
      events,
      secret: newWebhookSecret(),
    })
    .returning()
  return hook!
}

async function eventsOf(webhookId: number) {
  const rows = await intake.t.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id)
  return rows.map((row) => JSON.parse(row.body))
}

describe('import events', () => {
  it('tells of a finished import with the links to read the task', async () => {
    const hook = await subscribe(['task.import_finished', 'task.import_failed'])
    const made = await uploadTask(intake.client, requiredFields(intake.defs), {
      name: 'a.jsonl',
      content: jsonl([{ prompt: 'private words' }]),
    })
    expect(made.statusCode, made.body).toBe(201)
    const taskId: number = made.json().id
    const link = `${intake.t.app.config.publicOrigins[0]}/api/client/tasks/${taskId}/`
    const events = await eventsOf(hook.id)
    expect(events).toEqual([
      {
        type: 'task.import_finished',
        timestamp: expect.any(String),
        data: {
          task_id: taskId,
          client_group_id: intake.defs.clientGroupId,
          links: { task: link, processing: `${link}processing/` },
        },
      },
    ])
    expect(JSON.stringify(events)).not.toContain('private words')
  })

  it('tells of a failed import once, when it is given up, not at each failed attempt', async () => {
    const hook = await subscribe(['task.import_failed'])
    const taskId = await processingTask(intake, intake.defs, 'bad.jsonl', '{"prompt": ')
    await expect(importTask(importContext(), { taskId, startTask: false })).rejects.toThrow()
    await expect(importTask(importContext(), { taskId, startTask: false })).rejects.toThrow()
    expect(await eventsOf(hook.id)).toEqual([])

    await abandonImport(importContext(), taskId, 'Given up.')
    expect(await eventsOf(hook.id)).toMatchObject([
      { type: 'task.import_failed', data: { task_id: taskId } },
    ])
  })
})
