import * as v from 'valibot'
import { msg } from '#lingui-message'
import { PageQueryEntries } from './client-definitions'
import { IdParamSchema, IdSchema, IsoDateTimeSchema, pagedSchema } from './common'
import { english } from './english-message'

/**
 * Registration and password-reset keys (the spec's coordinator keys). The plain key is answered
 * once, when the key is made; the server keeps only its hash, so it cannot be read back.
 */

/** How long a password-reset key works after it is made. */
export const PASSWORD_RESET_KEY_LIFETIME_HOURS = 72
/** How long a registration key works when its maker gives no expiration. */
export const REGISTRATION_KEY_DEFAULT_LIFETIME_DAYS = 14
/** How many accounts one registration key may create at most. */
export const REGISTRATION_KEY_MAX_ACCOUNTS = 1000

/** The PWA page a key opens, with the key in its query: `/register?key=...`, `/reset?key=...`. */
export const registrationLink = (origin: string, key: string) =>
  `${origin}/register?key=${encodeURIComponent(key)}`
export const resetLink = (origin: string, key: string) =>
  `${origin}/reset?key=${encodeURIComponent(key)}`

const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.email(english(msg`Enter a valid e-mail address.`)),
)

/**
 * The coordination group a key belongs to. Left out (or null from a coordinator), it is the
 * coordinator's only coordination group, else the only one of theirs whose members include the
 * key's e-mail; a changed key keeps its own. Staff send null for a key of the whole instance.
 */
const coordinationGroupField = v.optional(
  v.pipe(
    v.nullable(IdSchema),
    v.description(
      "Optional. When left out (or null from a coordinator): the coordinator's only coordination group, else the only one of theirs whose members or managed groups' members include the key's e-mail; a changed key (PUT) left without it keeps its own group. Answered 400 on this field only when that leaves the choice open. Staff send null, or leave it out of a new key, for a key of the whole instance.",
    ),
  ),
)

export const RegistrationKeyInputSchema = v.object({
  email: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(
            v.literal(''),
            v.transform(() => null),
          ),
          EmailSchema,
        ],
        english(msg`Enter a valid e-mail address or leave it empty.`),
      ),
    ),
    null,
  ),
  accounts_left: v.pipe(
    v.number(),
    v.integer(english(msg`must be a whole number`)),
    v.minValue(0, english(msg`must be at least 0`)),
    v.maxValue(
      REGISTRATION_KEY_MAX_ACCOUNTS,
      english(msg({ message: 'must be at most {max}' }), { max: REGISTRATION_KEY_MAX_ACCOUNTS }),
    ),
  ),
  expiration_timestamp: IsoDateTimeSchema,
  deactivate_account: v.boolean(),
  is_endworker: v.boolean(),
  groups: v.pipe(v.array(IdSchema), v.maxLength(100, english(msg`at most 100 groups`))),
  coordination_group: coordinationGroupField,
})
export type RegistrationKeyInput = v.InferOutput<typeof RegistrationKeyInputSchema>

export const RegistrationKeySchema = v.object({
  id: IdSchema,
  email: v.nullable(v.string()),
  created_timestamp: v.string(),
  expiration_timestamp: v.string(),
  accounts_left: v.number(),
  deactivate_account: v.boolean(),
  is_endworker: v.boolean(),
  groups: v.array(IdSchema),
  coordination_group: v.nullable(IdSchema),
})
export type RegistrationKey = v.InferOutput<typeof RegistrationKeySchema>

/** The answer to creating a key: the only time the plain key and its link are given. */
export const CreatedRegistrationKeySchema = v.object({
  ...RegistrationKeySchema.entries,
  key: v.string(),
  link: v.string(),
})
export type CreatedRegistrationKey = v.InferOutput<typeof CreatedRegistrationKeySchema>

export const ResetKeyInputSchema = v.object({
  email: EmailSchema,
  coordination_group: coordinationGroupField,
})
export type ResetKeyInput = v.InferOutput<typeof ResetKeyInputSchema>

/** A reset key as listed; whether its e-mail names an account is not told. */
export const ResetKeySchema = v.object({
  id: IdSchema,
  email: v.string(),
  created_timestamp: v.string(),
  expiration_timestamp: v.string(),
  is_used: v.boolean(),
  coordination_group: v.nullable(IdSchema),
})
export type ResetKey = v.InferOutput<typeof ResetKeySchema>

export const CreatedResetKeySchema = v.object({
  ...ResetKeySchema.entries,
  key: v.string(),
  link: v.string(),
})
export type CreatedResetKey = v.InferOutput<typeof CreatedResetKeySchema>

/** Lists of either kind of key: one coordination group or all the caller manages, newest first. */
export const KeyListQuerySchema = v.object({
  coordination_group: v.optional(IdParamSchema),
  ...PageQueryEntries,
})
export type KeyListQuery = v.InferOutput<typeof KeyListQuerySchema>

export const RegistrationKeyListSchema = pagedSchema(RegistrationKeySchema)
export const ResetKeyListSchema = pagedSchema(ResetKeySchema)
