import {
  type TaskTypeEntity,
  type TaskTypeStatus,
  taskTypeDefaults,
} from '../../../../../../contract/client-definitions'
import { fromPairs, type KeyValuePair, toPairs } from '../../../../../ui/KeyValueEditor'
import type { ChoiceKind } from '../../../queries/definitions'

/** Per kind of choice, the name the form shows for each id (users by username). */
export type ChoiceNames = Record<ChoiceKind, ReadonlyMap<number, string>>

/**
 * What the task type form edits. Number inputs hold '' while empty: for the optional settings
 * that means "not set" (null), for the others it is left for the contract's rules to refuse.
 */
export type TaskTypeValues = {
  name: string
  client_group: number | null
  status: TaskTypeStatus
  schema: number | null
  protocol: number | null
  is_fixed_sets: boolean
  items_per_set: number | string
  annotations_per_item: number | string
  max_items_per_user_percent: number | string
  review_enabled: boolean
  review_probability: number | string
  review_newcomers_bound: number | string
  download_enabled: boolean
  encrypt_audio: boolean
  archivation_timeout: number | string
  delete_archived: boolean
  default_metadata: KeyValuePair[]
  custom_itemset_lock_time: number | string
  custom_timelogs_merge_threshold: number | string
  /** Percent of each item set. */
  gold_share: number | string
  /** Percent of a text's characters (the API takes a share of 1). */
  gold_text_max_cer: number | string
  gold_window: number | string
  /** Percent of gold answers right (the API takes a share of 1); '' is off. */
  min_gold_accuracy: number | string
  min_gold_answers: number | string
  min_seconds_per_item: number | string
  limiters: number[]
  whitelist: number[]
  blacklist: number[]
  deputy: number[]
  task_groups: number[]
  projects: number[]
  default_project: number | null
}

const ids = (refs: { id: number }[]) => refs.map((ref) => ref.id)
const orEmpty = (value: number | null) => value ?? ''
/** A share of 1 as a percent, without the float noise of multiplying (0.07 → 7, not 7.000…01). */
const toPercent = (share: number) => Math.round(share * 1e6) / 1e4
const percentOrEmpty = (share: number | null) => (share === null ? '' : toPercent(share))

/** A new type starts from the instance's defaults (protected audio on a confidential instance). */
export function initialValues(
  existing: TaskTypeEntity | undefined,
  clientGroup: number | null,
  { publicInstance }: { publicInstance: boolean },
): TaskTypeValues {
  const settings = existing ?? taskTypeDefaults({ publicInstance })
  return {
    name: existing?.name ?? '',
    client_group: existing?.client_group.id ?? clientGroup,
    status: existing?.status ?? 'CREATED',
    schema: existing?.schema.id ?? null,
    protocol: existing?.protocol.id ?? null,
    is_fixed_sets: settings.is_fixed_sets,
    items_per_set: settings.items_per_set,
    annotations_per_item: settings.annotations_per_item,
    max_items_per_user_percent: settings.max_items_per_user_percent,
    review_enabled: settings.review_enabled,
    review_probability: settings.review_probability,
    review_newcomers_bound: settings.review_newcomers_bound,
    download_enabled: settings.download_enabled,
    encrypt_audio: settings.encrypt_audio,
    archivation_timeout: orEmpty(settings.archivation_timeout),
    delete_archived: settings.delete_archived,
    default_metadata: toPairs(settings.default_metadata),
    custom_itemset_lock_time: orEmpty(settings.custom_itemset_lock_time),
    custom_timelogs_merge_threshold: orEmpty(settings.custom_timelogs_merge_threshold),
    gold_share: settings.gold_share,
    gold_text_max_cer: toPercent(settings.gold_text_max_cer),
    gold_window: settings.gold_window,
    min_gold_accuracy: percentOrEmpty(settings.min_gold_accuracy),
    min_gold_answers: settings.min_gold_answers,
    min_seconds_per_item: orEmpty(settings.min_seconds_per_item),
    limiters: existing ? ids(existing.limiters) : [],
    whitelist: existing ? ids(existing.whitelist) : [],
    blacklist: existing ? ids(existing.blacklist) : [],
    deputy: existing ? ids(existing.deputy) : [],
    task_groups: existing ? existing.task_groups.map((link) => link.group.id) : [],
    projects: existing ? ids(existing.projects) : [],
    default_project: existing?.default_project?.id ?? null,
  }
}

const optionalNumber = (value: number | string) => (value === '' ? null : Number(value))
const requiredNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value))
const fromPercent = (value: number | string) => (value === '' ? null : Number(value) / 100)

/** The payload the contract checks: numbers as numbers, empty optional settings as null. */
export function toPayload({ status: _, ...values }: TaskTypeValues) {
  return {
    ...values,
    items_per_set: requiredNumber(values.items_per_set),
    annotations_per_item: requiredNumber(values.annotations_per_item),
    max_items_per_user_percent: requiredNumber(values.max_items_per_user_percent),
    review_probability: requiredNumber(values.review_probability),
    review_newcomers_bound: requiredNumber(values.review_newcomers_bound),
    archivation_timeout: optionalNumber(values.archivation_timeout),
    custom_itemset_lock_time: optionalNumber(values.custom_itemset_lock_time),
    custom_timelogs_merge_threshold: optionalNumber(values.custom_timelogs_merge_threshold),
    gold_share: requiredNumber(values.gold_share),
    gold_text_max_cer: fromPercent(values.gold_text_max_cer) ?? Number.NaN,
    gold_window: requiredNumber(values.gold_window),
    min_gold_accuracy: fromPercent(values.min_gold_accuracy),
    min_gold_answers: requiredNumber(values.min_gold_answers),
    min_seconds_per_item: optionalNumber(values.min_seconds_per_item),
    default_metadata: fromPairs(values.default_metadata),
  }
}

/** The names of the ids a task type already refers to, so its pickers show them by name. */
export function choiceNames(existing: TaskTypeEntity | undefined): ChoiceNames {
  const named = (refs: { id: number; name: string }[] = []) =>
    new Map(refs.map((ref) => [ref.id, ref.name]))
  return {
    users: new Map(
      [
        ...(existing?.whitelist ?? []),
        ...(existing?.blacklist ?? []),
        ...(existing?.deputy ?? []),
      ].map((user) => [user.id, user.username]),
    ),
    limiters: named(existing?.limiters),
    'task-groups': named(existing?.task_groups.map((link) => link.group)),
    projects: named(existing?.projects),
  }
}
