import * as v from 'valibot'

/**
 * The coordinator menu counters of the spec (users with alerts, pending profile approvals,
 * pending time logs), over the coordinator's own coordination groups (all groups for staff).
 */
export const CoordinatorCountersSchema = v.object({
  users_with_alerts: v.number(),
  pending_profile_approvals: v.number(),
  pending_time_logs: v.number(),
})
export type CoordinatorCounters = v.InferOutput<typeof CoordinatorCountersSchema>
