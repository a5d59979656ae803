import * as v from 'valibot'
import type { QualityFlag } from './quality'

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

const GroupRefSchema = v.object({ id: v.number(), name: v.string() })

/**
 * A coordination group of the caller (the spec's coordination group, with the groups it manages
 * besides itself: where its registration keys may send new accounts).
 */
export const CoordinationGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  review_group: v.boolean(),
  coordination_group: v.boolean(),
  task_group: v.boolean(),
  managed_groups: v.array(GroupRefSchema),
})
export type CoordinationGroup = v.InferOutput<typeof CoordinationGroupSchema>
export const CoordinationGroupListSchema = v.array(CoordinationGroupSchema)

/**
 * How many done items carry each quality flag (contract/quality.ts), for the coordinator only:
 * no answer a worker can fetch carries flags.
 */
export const QualityFlagCountsSchema = v.object({
  NO_ACTIVITY: v.number(),
  TOO_FAST: v.number(),
} satisfies Record<QualityFlag, v.NumberSchema<undefined>>)
export type QualityFlagCounts = v.InferOutput<typeof QualityFlagCountsSchema>
