import * as v from 'valibot'
import { IdSchema } from './common'

/**
 * Quality control: gold (control) items, agreement between annotators, consensus labels and the
 * flags activity measurement puts on done work.
 */

/** Why a done annotation is suspect, judged by the server from the worker's activity samples. */
export const QUALITY_FLAGS = ['NO_ACTIVITY', 'TOO_FAST'] as const
export type QualityFlag = (typeof QUALITY_FLAGS)[number]

/** The item field of an upload that holds a gold item's expected answer. */
export const GOLD_FIELD = '_gold'

/** Task type settings of quality control, with their defaults and bounds. */
export const GOLD_SHARE_MAX_PERCENT = 50
export const GOLD_SHARE_DEFAULT_PERCENT = 0
export const GOLD_TEXT_MAX_CER_DEFAULT = 0.1
export const GOLD_WINDOW_DEFAULT = 50
export const MIN_GOLD_ANSWERS_DEFAULT = 10

/** How α reads in plain language (Krippendorff's own thresholds). */
export const ALPHA_RELIABLE = 0.8
export const ALPHA_TENTATIVE = 0.667

const RateSchema = v.nullable(v.number())

/** GET /client/tasks/{id}/quality/: agreement per field, quality per worker, gold totals. */
export const TaskQualitySchema = v.object({
  fields: v.record(
    v.string(),
    v.object({
      alpha: RateSchema,
      percent_agreement: RateSchema,
      items: v.number(),
      values: v.number(),
    }),
  ),
  workers: v.array(
    v.object({
      id: IdSchema,
      username: v.string(),
      gold_answers: v.number(),
      gold_accuracy: RateSchema,
      gold_ci95: v.nullable(v.tuple([v.number(), v.number()])),
      agreement: RateSchema,
      flagged_items: v.number(),
    }),
  ),
  gold: v.object({ items: v.number(), answers: v.number() }),
})
export type TaskQuality = v.InferOutput<typeof TaskQualitySchema>

/**
 * Consensus labels (the `aggregate` export): a field's consensus is marked for review on a tie or
 * when its confidence (the winning share) is below this.
 */
export const CONSENSUS_REVIEW_BELOW = 0.6
