import * as v from 'valibot'
import { msg } from '#lingui-message'
import { NamedRefSchema } from './client-definitions'
import { IdParamSchema, IdSchema } from './common'
import { english } from './english-message'

/**
 * The choices a client picks from in the task type form: users (whitelist, blacklist, deputies),
 * limiters, task groups and projects. Each call answers a plain list, best matches by name first,
 * at most `limit` long; typing narrows it down.
 *
 * Who sees what:
 * - Limiters, task groups (end-worker groups marked as task groups) and projects belong to no
 *   client group: staff keep them for the whole instance, and a task type of any client group may
 *   use any of them. Every client sees them all; groups that are not task groups never show.
 * - Users are people, so a client sees only the users within reach of their client groups:
 *   members of those client groups, members of the task groups their task types use, users
 *   already on their task types' whitelists, blacklists or deputies, and workers who took an item
 *   set of their tasks. Staff see every user. Deactivated and anonymized accounts never show.
 *   A user is shown by id, username and display name (first and last name) only; no e-mail is
 *   ever answered. `search` matches the username and the name anywhere, and the e-mail only as a
 *   whole address (case-insensitive), so someone who knows a colleague's address can find them,
 *   but addresses cannot be guessed letter by letter.
 */

export const PICKER_DEFAULT_LIMIT = 20
export const PICKER_MAX_LIMIT = 100

const pickerQueryEntries = {
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, english(msg`Use at most 200 characters.`))),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, english(msg`must be a whole number`)),
      v.transform(Number),
      v.minValue(1, english(msg`must be at least 1`)),
      v.maxValue(
        PICKER_MAX_LIMIT,
        english(msg({ message: 'must be at most {max}' }), { max: PICKER_MAX_LIMIT }),
      ),
    ),
    String(PICKER_DEFAULT_LIMIT),
  ),
}

/** Limiters, task groups and projects. */
export const PickerQuerySchema = v.object(pickerQueryEntries)
export type PickerQuery = v.InferOutput<typeof PickerQuerySchema>

/** `client_group` narrows the users to those within reach of that one client group. */
export const UserPickerQuerySchema = v.object({
  ...pickerQueryEntries,
  client_group: v.optional(IdParamSchema),
})
export type UserPickerQuery = v.InferOutput<typeof UserPickerQuerySchema>

export const PickerUserSchema = v.object({
  id: IdSchema,
  username: v.string(),
  /** First and last name; empty when the user gave none. */
  display_name: v.string(),
})
export type PickerUser = v.InferOutput<typeof PickerUserSchema>
export const PickerUserListSchema = v.array(PickerUserSchema)

export const PickerChoiceListSchema = v.array(NamedRefSchema)
