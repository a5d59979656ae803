import * as v from 'valibot'
import { msg } from '#lingui-message'
import { PageQueryEntries } from './client-definitions'
import { IdSchema, pagedSchema } from './common'
import { english } from './english-message'

/**
 * Personal API tokens (`/api/auth/tokens/`, and `/api/admin/api-tokens/` for staff): a script
 * sends `Authorization: Bearer <token>` and acts as the token's owner.
 */

/** The lifetimes a token may be given, in days; no expiry at all is for staff only. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const
export const API_TOKEN_NAME_MAX_LENGTH = 100
/** Tokens read `cw_` and 43 URL-safe characters (256 random bits); the prefix is the first 11. */
export const API_TOKEN_PATTERN = /^cw_[\w-]{43}$/
export const API_TOKEN_PREFIX_LENGTH = 11

export const ApiTokenCreateSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, english(msg`Enter a name.`)),
    v.maxLength(
      API_TOKEN_NAME_MAX_LENGTH,
      english(msg({ message: 'at most {max} characters' }), { max: API_TOKEN_NAME_MAX_LENGTH }),
    ),
  ),
  /** Days until it expires, or null for a token that never expires (staff only). */
  expires_in_days: v.nullable(
    v.picklist(API_TOKEN_EXPIRY_DAYS, english(msg`must be 30, 90 or 365 days, or null`)),
  ),
})
export type ApiTokenCreate = v.InferOutput<typeof ApiTokenCreateSchema>

export const ApiTokenSchema = v.object({
  id: IdSchema,
  name: v.string(),
  /** The token's first characters, to tell it apart; the token itself is never shown again. */
  prefix: v.string(),
  created_at: v.string(),
  expires_at: v.nullable(v.string()),
  last_used_at: v.nullable(v.string()),
  last_used_address: v.nullable(v.string()),
})
export type ApiToken = v.InferOutput<typeof ApiTokenSchema>

/** The answer to a creation: the only time the token is shown. */
export const ApiTokenCreatedSchema = v.object({ ...ApiTokenSchema.entries, token: v.string() })
export type ApiTokenCreated = v.InferOutput<typeof ApiTokenCreatedSchema>

export const ApiTokenListQuerySchema = v.object({ ...PageQueryEntries })
export const ApiTokenListSchema = pagedSchema(ApiTokenSchema)

/** A token in the staff's list, with its owner. */
export const AdminApiTokenSchema = v.object({
  ...ApiTokenSchema.entries,
  user: v.object({ id: IdSchema, username: v.string() }),
})
export type AdminApiToken = v.InferOutput<typeof AdminApiTokenSchema>
export const AdminApiTokenListSchema = pagedSchema(AdminApiTokenSchema)
