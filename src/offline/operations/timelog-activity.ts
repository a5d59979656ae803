import * as v from 'valibot'
import {
  ActivitySampleInputSchema,
  ActivityTransitionInputSchema,
  TRACKED_SOURCES,
} from '../../../contract/timelogs'
import {
  classifyByStatus,
  type OperationDefinition,
  registerOperation,
  type SendContext,
  sendWithKey,
} from '../registry'

export const TIMELOG_ACTIVITY = 'timelogs.activity'
export const TIMELOG_TRANSITION = 'timelogs.transition'

const Id = v.pipe(v.number(), v.integer(), v.minValue(1))
const Count = v.pipe(v.number(), v.integer(), v.minValue(0))
const DeviceTime = v.pipe(v.string(), v.isoTimestamp())

export const ActivityContextSchema = v.object({
  source: v.picklist(TRACKED_SOURCES),
  url: v.string(),
  item_set: v.optional(Id),
  task: v.optional(Id),
  protocol: v.optional(Id),
})
export type ActivityContext = v.InferOutput<typeof ActivityContextSchema>

/** One sample period's activity, with its span on the device's clock. */
export const TimelogActivityPayloadSchema = v.object({
  ...ActivityContextSchema.entries,
  mouse_moves: Count,
  mouse_clicks: Count,
  key_clicks: Count,
  started_at: DeviceTime,
  ended_at: DeviceTime,
})
export type TimelogActivityPayload = v.InferOutput<typeof TimelogActivityPayloadSchema>

/** A move between pages, from the context left to the one entered. */
export const TimelogTransitionPayloadSchema = v.object({
  source_event: ActivityContextSchema,
  target_event: ActivityContextSchema,
  occurred_at: DeviceTime,
})
export type TimelogTransitionPayload = v.InferOutput<typeof TimelogTransitionPayloadSchema>

declare module '../registry' {
  interface OperationPayloads {
    [TIMELOG_ACTIVITY]: TimelogActivityPayload
    [TIMELOG_TRANSITION]: TimelogTransitionPayload
  }
}

/**
 * Sends with the op's id as the sample's `client_uuid` (a replay counts once) and the device's
 * clock at this very send, from which the server estimates the device's clock offset. A send the
 * server refuses is dropped: activity is never shown as a failed change (spec 8, "silent").
 */
async function sendActivity<TBody>(
  path: string,
  bodySchema: v.GenericSchema<unknown, TBody>,
  payload: object,
  context: SendContext,
): Promise<unknown> {
  try {
    const body = v.parse(bodySchema, {
      ...payload,
      client_uuid: context.idempotencyKey,
      sent_at: new Date().toISOString(),
    })
    return await sendWithKey(path, { method: 'POST', body }, context)
  } catch (error) {
    if (classifyByStatus(error) === 'permanent') return null
    throw error
  }
}

export const timelogActivity: OperationDefinition<TimelogActivityPayload> = {
  schema: TimelogActivityPayloadSchema,
  background: true,
  send: (payload, context) =>
    sendActivity('timelogs/submit-activity/', ActivitySampleInputSchema, payload, context),
}

export const timelogTransition: OperationDefinition<TimelogTransitionPayload> = {
  schema: TimelogTransitionPayloadSchema,
  background: true,
  send: (payload, context) =>
    sendActivity(
      'timelogs/submit-activity-transition/',
      ActivityTransitionInputSchema,
      payload,
      context,
    ),
}

registerOperation(TIMELOG_ACTIVITY, timelogActivity)
registerOperation(TIMELOG_TRANSITION, timelogTransition)
