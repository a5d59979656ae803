import { msg } from '#lingui-message'
import { GOLD_FIELD } from '../../../contract/quality'
import { ITEM_DATA_ID_KEY } from '../../../contract/task-intake'
import { MULTI_VALUE_SEPARATOR, type TaskSchemaDocument } from '../../../contract/task-schema'
import { type ApiMessage, withValues } from '../../http/i18n'
import { checkGoldExpected, type GoldExpected } from '../quality/gold-expected'

/**
 * What an item must look like under a task schema's item_schema, and the item data stored for
 * it. Every item field must be present (not null): the item fields are what the worker is shown.
 * Keys the schema does not name are refused rather than dropped, so a misspelt column is caught
 * at upload instead of silently losing data; `data_id` and `_gold` are the extra keys allowed.
 * `_gold` makes the item a gold item: it holds the expected answer (an object of annotation field
 * → value; in CSV that object as JSON text, an empty cell meaning an ordinary item), checked
 * against the annotation schema, and is not part of the item's data.
 */

export type MediaKind = 'audio' | 'image'

type FieldRule =
  | { name: string; kind: 'text' | 'checkbox' | 'any' }
  | { name: string; kind: 'choice'; options: Set<string> | null; multiple: boolean }
  | { name: string; kind: MediaKind }

export type ItemRules = { fields: FieldRule[]; names: Set<string>; document: TaskSchemaDocument }

/** Keys a record may have besides the item fields. */
const EXTRA_KEYS = new Set([ITEM_DATA_ID_KEY, GOLD_FIELD])

/** A media field's value that is not a uuid: a path inside the uploaded ZIP. */
export type MediaPath = { field: string; kind: MediaKind; path: string }

export type CheckedItem = {
  /** Item data by field name; media fields named by path are filled in when stored. */
  data: Record<string, unknown>
  dataId: string | null
  paths: MediaPath[]
  /** Existing media objects the item names by uuid, checked against the database later. */
  uuids: string[]
  /** A gold item's expected answer; null for an ordinary item. */
  gold: GoldExpected | null
}

/** Item values nest at most this deep (objects and arrays), far more than any widget needs. */
export const ITEM_VALUE_MAX_DEPTH = 32

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * What PostgreSQL would refuse to store, found before the upload is answered so that an accepted
 * file always imports: text cannot hold NUL, jsonb no unpaired UTF-16 surrogate (JSON escapes
 * such as \ud800 without their pair); numbers JSON reads as Infinity and very deep nesting are
 * refused too.
 */
export function storageProblem(value: unknown, depth = 0): ApiMessage | null {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      return msg`contains a NUL character (U+0000), which cannot be stored.`
    if (UNPAIRED_SURROGATE.test(value)) {
      return msg({
        message:
          'contains an unpaired UTF-16 surrogate (half of a pair of UTF-16 code units), which is not text.',
      })
    }
    return null
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? null : msg`has a number too large to store.`
  if (typeof value !== 'object' || value === null) return null
  if (depth >= ITEM_VALUE_MAX_DEPTH) {
    return withValues(msg({ message: 'nests deeper than {levels} levels.' }), {
      levels: ITEM_VALUE_MAX_DEPTH,
    })
  }
  for (const [key, inner] of Object.entries(value)) {
    const problem = storageProblem(key) ?? storageProblem(inner, depth + 1)
    if (problem) return problem
  }
  return null
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function itemRulesOf(schema: TaskSchemaDocument): ItemRules {
  const fields = Object.entries(schema.item_schema ?? {}).map(([name, field]): FieldRule => {
    const config = field.widget?.config
    switch (config?.component) {
      case 'text':
      case 'textarea':
        return { name, kind: 'text' }
      case 'checkbox':
        return { name, kind: 'checkbox' }
      case 'dropdown':
      case 'radio': {
        const options = config.options?.length
          ? new Set(config.options.map((option) => option.toLowerCase()))
          : null
        return { name, kind: 'choice', options, multiple: Boolean(config.multiple) }
      }
      case 'audio':
      case 'image':
        return { name, kind: config.component }
      default:
        // A widget this server does not know shows whatever value it is given.
        return { name, kind: 'any' }
    }
  })
  return { fields, names: new Set(fields.map((field) => field.name)), document: schema }
}

/** Problems with the keys of a record (or the columns of a CSV header). */
export function keyProblems(rules: ItemRules, keys: Iterable<string>): ApiMessage[] {
  const present = new Set(keys)
  const problems: ApiMessage[] = []
  for (const field of rules.fields) {
    if (!present.has(field.name)) problems.push(fieldMissing(field.name))
  }
  const unknown = [...present].filter((key) => !rules.names.has(key) && !EXTRA_KEYS.has(key))
  if (unknown.length > 0) {
    const values = {
      count: unknown.length,
      unknown: unknown.map((key) => `'${key}'`).join(', '),
      expected: [...rules.names].join(', '),
      optional: [...EXTRA_KEYS].join(', '),
    }
    const problem =
      rules.names.size > 0
        ? msg({
            message:
              '{count, plural, one {unknown field} other {unknown fields}} {unknown}; the item fields are {expected} (and optionally {optional}).',
          })
        : msg({
            message:
              '{count, plural, one {unknown field} other {unknown fields}} {unknown}; the items have no fields (but optionally {optional}).',
          })
    problems.push(withValues(problem, values))
  }
  return problems
}

const fieldMissing = (name: string) =>
  withValues(msg({ message: "field ''{name}'' is missing." }), { name })

/**
 * Checks one record's values and builds its item. `keysChecked`: the keys were checked once for
 * the whole file (a CSV header), so missing and unknown keys are not reported again per row.
 */
export function checkItem(
  rules: ItemRules,
  fields: Record<string, unknown>,
  keysChecked: boolean,
): { item: CheckedItem; problems: ApiMessage[] } {
  const problems =
    keysChecked || keysMatch(rules, fields) ? [] : keyProblems(rules, Object.keys(fields))
  const item: CheckedItem = {
    data: {},
    dataId: dataIdOf(fields, problems),
    paths: [],
    uuids: [],
    gold: null,
  }
  for (const rule of rules.fields) {
    const value = fields[rule.name]
    // An absent key was reported with the keys; a null is as good as absent.
    if (value === undefined) continue
    if (value === null) {
      problems.push(fieldMissing(rule.name))
      continue
    }
    const problem = storageProblem(value) ?? checkValue(rule, value, item)
    if (problem) {
      problems.push(
        withValues(msg({ message: "field ''{name}'' {problem}" }), { name: rule.name, problem }),
      )
    }
  }
  if (problems.length === 0) item.gold = goldOf(rules, fields[GOLD_FIELD], item.data, problems)
  return { item, problems }
}

/** The expected answer in a record's `_gold`, checked once the item's own fields are. */
function goldOf(
  rules: ItemRules,
  value: unknown,
  itemData: Record<string, unknown>,
  problems: ApiMessage[],
): GoldExpected | null {
  if (value === undefined || value === null || value === '') return null
  let answer = value
  if (typeof value === 'string') {
    try {
      answer = JSON.parse(value)
    } catch (error) {
      const reason = (error as Error).message
      problems.push(
        withValues(msg({ message: "field ''{name}'' is not valid JSON ({reason})." }), {
          name: GOLD_FIELD,
          reason,
        }),
      )
      return null
    }
  }
  const { expected, problems: found } = checkGoldExpected(rules.document, answer, itemData)
  for (const { field, problem } of found) {
    problems.push(
      field === ''
        ? withValues(msg({ message: "field ''{name}'' {problem}" }), { name: GOLD_FIELD, problem })
        : withValues(msg({ message: "field ''{name}'': ''{field}'' {problem}" }), {
            name: GOLD_FIELD,
            field,
            problem,
          }),
    )
  }
  return expected
}

/** The cheap test run for every record: only a record that fails it gets its keys explained. */
function keysMatch(rules: ItemRules, fields: Record<string, unknown>): boolean {
  let known = 0
  for (const key in fields) {
    if (rules.names.has(key)) known += 1
    else if (!EXTRA_KEYS.has(key)) return false
  }
  return known === rules.fields.length
}

function dataIdOf(fields: Record<string, unknown>, problems: ApiMessage[]): string | null {
  const value = fields[ITEM_DATA_ID_KEY]
  if (value === undefined || value === null || value === '') return null
  const unstorable = storageProblem(value)
  if (unstorable) {
    problems.push(
      withValues(msg({ message: '{key} {problem}' }), {
        key: ITEM_DATA_ID_KEY,
        problem: unstorable,
      }),
    )
    return null
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  problems.push(
    withValues(msg({ message: '{key} must be a string or a number.' }), { key: ITEM_DATA_ID_KEY }),
  )
  return null
}

const mustBeString = msg`must be a string.`

/** Stores the checked value in the item; answers the problem, or null. */
function checkValue(rule: FieldRule, value: unknown, item: CheckedItem): ApiMessage | null {
  switch (rule.kind) {
    case 'any':
      item.data[rule.name] = value
      return null
    case 'text':
      if (typeof value !== 'string') return mustBeString
      item.data[rule.name] = value
      return null
    case 'checkbox': {
      // The checkbox widget stores the text 'true' or 'false'; JSON booleans are taken as such.
      const text = typeof value === 'boolean' ? String(value) : value
      if (text !== 'true' && text !== 'false') return msg`must be 'true' or 'false'.`
      item.data[rule.name] = text
      return null
    }
    case 'choice':
      return checkChoice(rule, value, item)
    case 'audio':
    case 'image':
      return checkMedia(rule, value, item)
  }
}

function checkChoice(
  rule: Extract<FieldRule, { kind: 'choice' }>,
  value: unknown,
  item: CheckedItem,
): ApiMessage | null {
  if (typeof value !== 'string') return mustBeString
  // Multiple choices are joined by ';' and matched case-insensitively, as the widget loads them.
  const choices = rule.multiple ? value.split(MULTI_VALUE_SEPARATOR) : [value]
  const unknown = rule.options
    ? choices.filter((choice) => choice !== '' && !rule.options?.has(choice.toLowerCase()))
    : []
  if (unknown.length > 0) {
    return withValues(msg({ message: 'has {choices}, which is not among its options.' }), {
      choices: unknown.map((choice) => `'${choice}'`).join(', '),
    })
  }
  item.data[rule.name] = value
  return null
}

/** A media value is a media uuid (or `{uuid}`), or inside a ZIP a relative path to a file. */
function checkMedia(
  rule: { name: string; kind: MediaKind },
  value: unknown,
  item: CheckedItem,
): ApiMessage | null {
  const uuid =
    typeof value === 'object' && value !== null && 'uuid' in value ? value.uuid : undefined
  const reference = uuid ?? value
  if (typeof reference !== 'string' || reference.trim() === '') {
    return rule.kind === 'audio'
      ? msg`must name the audio file: a path inside the ZIP or a media uuid.`
      : msg`must name the image file: a path inside the ZIP or a media uuid.`
  }
  if (UUID_PATTERN.test(reference)) {
    const normalized = reference.toLowerCase()
    item.data[rule.name] = { uuid: normalized }
    item.uuids.push(normalized)
    return null
  }
  if (uuid !== undefined) return msg`has a uuid that is not a valid uuid.`
  item.paths.push({ field: rule.name, kind: rule.kind, path: reference })
  return null
}
