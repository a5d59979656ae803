import * as v from 'valibot'
import { msg } from '#lingui-message'
import { DiacriticSignSchema, PasswordSchema, UsernameSchema } from './auth'
import { PageQueryEntries } from './client-definitions'
import { IdSchema, pagedSchema } from './common'
import { english } from './english-message'
import { orderingQuery, searchQuery, textFlag } from './query'
import { ROLES, RoleSchema } from './roles'

/**
 * The staff administration (the spec's /admin_panel): accounts, end-worker and client groups,
 * languages, projects and time-log types. Every call is under /api/admin/ and staff only.
 */

/** How many ids one membership list may carry. */
export const ADMIN_MAX_IDS = 10_000
/** How many diacritic signs one language may offer. */
export const MAX_DIACRITIC_SIGNS = 200

const ids = v.pipe(
  v.array(IdSchema),
  v.maxLength(
    ADMIN_MAX_IDS,
    english(msg({ message: 'at most {max} ids' }), { max: ADMIN_MAX_IDS }),
  ),
)
const requiredText = (max: number, missing: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, missing),
    v.maxLength(max, english(msg({ message: 'at most {max} characters' }), { max })),
  )
const optionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, english(msg({ message: 'at most {max} characters' }), { max })),
    ),
    '',
  )
const EmailOrEmptySchema = v.union(
  [v.literal(''), v.pipe(v.string(), v.email(english(msg`Enter a valid e-mail address.`)))],
  english(msg`Enter a valid e-mail address or leave it empty.`),
)

// Users -------------------------------------------------------------------------------------------

export const ADMIN_USER_ORDERINGS = ['id', 'username', 'last_name', 'email', 'date_joined'] as const

export const AdminUserListQuerySchema = v.object({
  /** Matches username, names and e-mail, case-insensitively. */
  search: searchQuery,
  role: v.optional(RoleSchema),
  is_active: v.optional(textFlag),
  is_sso_account: v.optional(textFlag),
  ordering: orderingQuery(ADMIN_USER_ORDERINGS, 'username'),
  ...PageQueryEntries,
})
export type AdminUserListQuery = v.InferOutput<typeof AdminUserListQuerySchema>

export const AdminUserSchema = v.object({
  id: IdSchema,
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  roles: v.array(RoleSchema),
  /** End-worker groups the account is a member of. */
  groups: v.array(IdSchema),
  client_groups: v.array(IdSchema),
  is_active: v.boolean(),
  is_sso_account: v.boolean(),
  date_joined: v.string(),
  last_login: v.nullable(v.string()),
})
export type AdminUser = v.InferOutput<typeof AdminUserSchema>
export const AdminUserListSchema = pagedSchema(AdminUserSchema)

const accountEntries = {
  first_name: optionalText(150),
  last_name: optionalText(150),
  email: v.optional(v.pipe(v.string(), v.trim(), EmailOrEmptySchema), ''),
  roles: v.optional(v.pipe(v.array(RoleSchema), v.maxLength(ROLES.length)), []),
  groups: v.optional(ids, []),
  client_groups: v.optional(ids, []),
}

/**
 * A new account. Without a password it is a placeholder for single sign-on: the person links it
 * at their first sign-on through the provider (matched by e-mail).
 */
export const AdminUserCreateSchema = v.object({
  username: UsernameSchema,
  ...accountEntries,
  password: v.optional(v.nullable(PasswordSchema), null),
})
export type AdminUserCreate = v.InferOutput<typeof AdminUserCreateSchema>

/** Changes to an account; deactivating it ends its sessions at once. */
export const AdminUserUpdateSchema = v.object({
  first_name: v.optional(accountEntries.first_name.wrapped),
  last_name: v.optional(accountEntries.last_name.wrapped),
  email: v.optional(accountEntries.email.wrapped),
  roles: v.optional(accountEntries.roles.wrapped),
  groups: v.optional(ids),
  client_groups: v.optional(ids),
  is_active: v.optional(v.boolean()),
})
export type AdminUserUpdate = v.InferOutput<typeof AdminUserUpdateSchema>

// Shared list query of the dictionaries -----------------------------------------------------------

const nameListQuery = <const TField extends string>(fields: readonly TField[]) =>
  v.object({
    search: searchQuery,
    ordering: orderingQuery(fields, 'name' as TField),
    ...PageQueryEntries,
  })

// End-worker groups -------------------------------------------------------------------------------

export const EndworkerGroupListQuerySchema = nameListQuery(['id', 'name'] as const)
export type EndworkerGroupListQuery = v.InferOutput<typeof EndworkerGroupListQuerySchema>

export const EndworkerGroupInputSchema = v.object({
  name: requiredText(150, english(msg`Enter a name.`)),
  task_group: v.boolean(),
  review_group: v.boolean(),
  coordination_group: v.boolean(),
  members: ids,
  coordinators: ids,
  /** Groups a coordination group manages besides itself; only a coordination group has any. */
  managed_groups: ids,
  /**
   * The review group whose members review the work of this group's members (and, for a
   * coordination group, of the groups it manages); another group, flagged review_group.
   */
  reviewed_by_group: v.nullable(IdSchema),
})
export type EndworkerGroupInput = v.InferOutput<typeof EndworkerGroupInputSchema>

export const EndworkerGroupSchema = v.object({ id: IdSchema, ...EndworkerGroupInputSchema.entries })
export type EndworkerGroup = v.InferOutput<typeof EndworkerGroupSchema>
export const EndworkerGroupListSchema = pagedSchema(EndworkerGroupSchema)

// Client groups -----------------------------------------------------------------------------------

export const ClientGroupListQuerySchema = nameListQuery(['id', 'name', 'full_name'] as const)
export type ClientGroupListQuery = v.InferOutput<typeof ClientGroupListQuerySchema>

export const ClientGroupInputSchema = v.object({
  name: requiredText(150, english(msg`Enter a name.`)),
  full_name: optionalText(300),
  members: ids,
})
export type ClientGroupInput = v.InferOutput<typeof ClientGroupInputSchema>

export const AdminClientGroupSchema = v.object({ id: IdSchema, ...ClientGroupInputSchema.entries })
export type AdminClientGroup = v.InferOutput<typeof AdminClientGroupSchema>
export const AdminClientGroupListSchema = pagedSchema(AdminClientGroupSchema)

// Languages ---------------------------------------------------------------------------------------

export const LanguageListQuerySchema = nameListQuery(['id', 'name', 'code'] as const)
export type LanguageListQuery = v.InferOutput<typeof LanguageListQuerySchema>

export const LanguageInputSchema = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.regex(
      /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/,
      english(msg`Use a language code such as pl or en-GB.`),
    ),
    v.maxLength(35),
  ),
  name: requiredText(150, english(msg`Enter a name.`)),
  diacritic_signs: v.pipe(
    v.array(
      v.object({
        sign: requiredText(16, english(msg`Enter the sign.`)),
        description: optionalText(200),
      }),
    ),
    v.maxLength(
      MAX_DIACRITIC_SIGNS,
      english(msg({ message: 'at most {max} signs' }), { max: MAX_DIACRITIC_SIGNS }),
    ),
    v.check(
      (signs) => new Set(signs.map(({ sign }) => sign)).size === signs.length,
      english(msg`Give each sign once.`),
    ),
  ),
})
export type LanguageInput = v.InferOutput<typeof LanguageInputSchema>

export const AdminLanguageSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
  diacritic_signs: v.array(DiacriticSignSchema),
})
export type AdminLanguage = v.InferOutput<typeof AdminLanguageSchema>
export const AdminLanguageListSchema = pagedSchema(AdminLanguageSchema)

// Projects ----------------------------------------------------------------------------------------

export const ProjectListQuerySchema = nameListQuery(['id', 'name'] as const)
export type ProjectListQuery = v.InferOutput<typeof ProjectListQuerySchema>

export const ProjectInputSchema = v.object({
  name: requiredText(150, english(msg`Enter a name.`)),
  description: optionalText(2000),
})
export type ProjectInput = v.InferOutput<typeof ProjectInputSchema>

export const AdminProjectSchema = v.object({ id: IdSchema, ...ProjectInputSchema.entries })
export type AdminProject = v.InferOutput<typeof AdminProjectSchema>
export const AdminProjectListSchema = pagedSchema(AdminProjectSchema)

// Time-log types ----------------------------------------------------------------------------------

export const TimelogTypeListQuerySchema = nameListQuery(['id', 'name'] as const)
export type TimelogTypeListQuery = v.InferOutput<typeof TimelogTypeListQuerySchema>

export const TimelogTypeInputSchema = v.object({
  name: requiredText(150, english(msg`Enter a name.`)),
  /** Whether time logged under the type is a paid bonus break (contract/worktime-rules.ts). */
  is_bonus_break: v.boolean(),
})
export type TimelogTypeInput = v.InferOutput<typeof TimelogTypeInputSchema>

export const TimelogTypeSchema = v.object({ id: IdSchema, ...TimelogTypeInputSchema.entries })
export type TimelogType = v.InferOutput<typeof TimelogTypeSchema>
export const TimelogTypeListSchema = pagedSchema(TimelogTypeSchema)
