import * as v from 'valibot'
import { msg } from '#lingui-message'
import { APPROVAL_STATUS, ApprovalStatusSchema, LanguageSchema } from './auth'
import { PageQueryEntries } from './client-definitions'
import { IdParamSchema, IdSchema, pagedSchema, wholeNumberText } from './common'
import { AVAILABILITY_MAX_HOURS, GENDERS } from './constants'
import { english } from './english-message'
import { APPROVAL_ORDERING_FIELDS, USER_ORDERING_FIELDS } from './list-params'
import { orderingQuery, searchQuery, textFlag, textMoment } from './query'

/**
 * The coordinator's users, profile approvals and groups (the spec's coordinator calls besides
 * keys, item sets and time logs).
 */

/** Why a user needs the coordinator's attention (the spec's user alerts). */
export const USER_ALERTS = [
  'NOT_END_WORKER',
  'NO_LANGUAGE_SET',
  'NO_NATIVE_LANGUAGE_SET',
  'PROFILE_UNDER_APPROVAL',
  /** The quality gate stopped the user from new work of a task type, and no one let them back in. */
  'LOW_QUALITY',
] as const
export type UserAlert = (typeof USER_ALERTS)[number]

/** The highest pay ratio a filter may ask about (ratios are percentages). */
export const RATIO_MAX = 10_000

const flag = v.optional(textFlag)
const id = v.optional(IdParamSchema)
const hours = v.optional(wholeNumberText(0, AVAILABILITY_MAX_HOURS))
const ratio = v.optional(wholeNumberText(0, RATIO_MAX))

export const CoordinatorUserQuerySchema = v.object({
  id,
  /** Members of this coordination group and of the groups it manages. */
  coordination_group: id,
  is_active: flag,
  is_sso_account: flag,
  date_joined_after: v.optional(textMoment),
  date_joined_before: v.optional(textMoment),
  ratio,
  ratio_min: ratio,
  ratio_max: ratio,
  is_endworker: flag,
  /** Knows the language, natively or not. */
  language: id,
  has_languages: flag,
  main_language: id,
  native_language: id,
  availability: hours,
  availability_min: hours,
  availability_max: hours,
  has_alerts: flag,
  /** Part of the username, first or last name or e-mail (any case). */
  search: searchQuery,
  ordering: orderingQuery(USER_ORDERING_FIELDS, 'username'),
  /** `true`: a plain list of every match in the light form (for pickers). */
  base: v.optional(textFlag, 'false'),
  ...PageQueryEntries,
})
export type CoordinatorUserQuery = v.InferOutput<typeof CoordinatorUserQuerySchema>
export type CoordinatorUserFilter = Omit<
  CoordinatorUserQuery,
  'ordering' | 'base' | 'offset' | 'limit'
>

export const UserBaseSchema = v.object({
  id: IdSchema,
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
})
export type UserBase = v.InferOutput<typeof UserBaseSchema>

export const CoordinatorProfileSchema = v.object({
  gender: v.nullable(v.picklist(GENDERS)),
  birth_year: v.nullable(v.number()),
  main_language: v.nullable(LanguageSchema),
  native_languages: v.array(LanguageSchema),
  languages: v.array(LanguageSchema),
  availability: v.nullable(v.number()),
})
export type CoordinatorProfile = v.InferOutput<typeof CoordinatorProfileSchema>

export const CoordinatorUserSchema = v.object({
  ...UserBaseSchema.entries,
  email: v.string(),
  date_joined: v.string(),
  is_active: v.boolean(),
  is_sso_account: v.boolean(),
  is_staff: v.boolean(),
  /** The pay ratio in force now (percent), null when none is set. */
  ratio: v.nullable(v.number()),
  alerts: v.array(v.picklist(USER_ALERTS)),
  endworker_profile: v.nullable(CoordinatorProfileSchema),
  /** The user's done items carrying a quality flag (contract/quality.ts), in every task. */
  flagged_items: v.number(),
  /** When the account was anonymized, null for a normal account. */
  anonymized_timestamp: v.nullable(v.string()),
})
export type CoordinatorUser = v.InferOutput<typeof CoordinatorUserSchema>

export const CoordinatorUserListSchema = pagedSchema(CoordinatorUserSchema)
export const CoordinatorUserAnswerSchema = v.union([
  CoordinatorUserListSchema,
  v.array(UserBaseSchema),
])

/** OPTIONS /coordinator/users/: the choices of the filters. */
export const CoordinatorUserOptionsSchema = v.object({
  languages: v.array(LanguageSchema),
  alerts: v.array(v.picklist(USER_ALERTS)),
  orderings: v.array(v.string()),
  availability_max: v.number(),
})
export type CoordinatorUserOptions = v.InferOutput<typeof CoordinatorUserOptionsSchema>

export const CoordinatorUserStatsSchema = v.object({
  count: v.number(),
  total_availability: v.number(),
})
export type CoordinatorUserStats = v.InferOutput<typeof CoordinatorUserStatsSchema>

const nameField = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(150, english(msg`at most 150 characters`)),
)

/** What a coordinator may change on a user: names, e-mail, whether the account works. */
export const CoordinatorUserPatchSchema = v.strictObject({
  first_name: v.optional(nameField),
  last_name: v.optional(nameField),
  email: v.optional(
    v.union(
      [
        v.literal(''),
        v.pipe(v.string(), v.trim(), v.email(english(msg`Enter a valid e-mail address.`))),
      ],
      english(msg`Enter a valid e-mail address or leave it empty.`),
    ),
  ),
  is_active: v.optional(v.boolean()),
})
export type CoordinatorUserPatch = v.InferOutput<typeof CoordinatorUserPatchSchema>

/** The profile approvals a coordinator decides: pending by default. */
export const ApprovalQuerySchema = v.object({
  /** Part of the worker's username, first or last name or e-mail. */
  search: searchQuery,
  status: v.optional(
    v.pipe(
      v.picklist(['0', '1', '2', '3'], english(msg`must be 0, 1, 2 or 3`)),
      v.transform(Number),
      ApprovalStatusSchema,
    ),
  ),
  coordination_group: id,
  ordering: orderingQuery(APPROVAL_ORDERING_FIELDS, 'created'),
  ...PageQueryEntries,
})
export type ApprovalQuery = v.InferOutput<typeof ApprovalQuerySchema>

export const CoordinatorApprovalSchema = v.object({
  id: IdSchema,
  status: ApprovalStatusSchema,
  created_timestamp: v.string(),
  decided_timestamp: v.nullable(v.string()),
  decided_by: v.nullable(UserBaseSchema),
  new_languages: v.array(LanguageSchema),
  new_native_languages: v.array(LanguageSchema),
  new_main_language: v.nullable(LanguageSchema),
  /** The worker with the languages they have now. */
  end_worker: v.object({
    ...UserBaseSchema.entries,
    email: v.string(),
    languages: v.array(LanguageSchema),
    native_languages: v.array(LanguageSchema),
    main_language: v.nullable(LanguageSchema),
  }),
})
export type CoordinatorApproval = v.InferOutput<typeof CoordinatorApprovalSchema>
export const CoordinatorApprovalListSchema = pagedSchema(CoordinatorApprovalSchema)

export const ApprovalCountSchema = v.object({ count: v.number() })

/** A coordinator's decision: ACCEPTED applies the new languages, REJECTED keeps the old ones. */
export const ApprovalDecisionSchema = v.strictObject({
  status: v.picklist(
    [APPROVAL_STATUS.ACCEPTED, APPROVAL_STATUS.REJECTED],
    english(msg({ message: 'must be {accepted} (accepted) or {rejected} (rejected)' }), {
      accepted: APPROVAL_STATUS.ACCEPTED,
      rejected: APPROVAL_STATUS.REJECTED,
    }),
  ),
})
export type ApprovalDecision = v.InferOutput<typeof ApprovalDecisionSchema>

/** A group with its members (the spec's coordination group entity, user_set as user ids). */
export const GroupWithMembersSchema = v.object({
  id: IdSchema,
  name: v.string(),
  review_group: v.boolean(),
  coordination_group: v.boolean(),
  task_group: v.boolean(),
  user_set: v.array(IdSchema),
  /** The members of `user_set` with their names, for showing them. */
  members: v.array(UserBaseSchema),
  /** Whether the caller may change the members. */
  editable: v.boolean(),
})
export type GroupWithMembers = v.InferOutput<typeof GroupWithMembersSchema>
export const GroupWithMembersListSchema = v.array(GroupWithMembersSchema)

export const GroupMembersPatchSchema = v.strictObject({
  user_set: v.pipe(v.array(IdSchema), v.maxLength(10_000, english(msg`at most 10000 members`))),
})
export type GroupMembersPatch = v.InferOutput<typeof GroupMembersPatchSchema>

export const NamedRefListSchema = v.array(v.object({ id: IdSchema, name: v.string() }))

export const AnonymizedSchema = v.object({
  id: IdSchema,
  username: v.string(),
  anonymized_timestamp: v.string(),
})

/** A stop of the quality gate: the user got no new item sets of the task type from then on. */
export const QualityStopSchema = v.object({
  id: IdSchema,
  task_type: v.object({ id: IdSchema, name: v.string() }),
  stopped_timestamp: v.string(),
  /** The gold accuracy (0 to 1) that stopped the user, over this many gold answers. */
  accuracy: v.number(),
  gold_answers: v.number(),
  /** Who let the user back in, and when; null while the stop holds. */
  released_by: v.nullable(UserBaseSchema),
  released_timestamp: v.nullable(v.string()),
})
export type QualityStop = v.InferOutput<typeof QualityStopSchema>
export const QualityStopListSchema = v.array(QualityStopSchema)

/** POST /coordinator/users/{id}/quality-release/: lets the user back into the task type. */
export const QualityReleaseSchema = v.strictObject({ task_type: IdSchema })
export type QualityRelease = v.InferOutput<typeof QualityReleaseSchema>
