import * as v from 'valibot'
import { msg } from '#lingui-message'
import { IdSchema } from './common'
import { AVAILABILITY_MAX_HOURS, GENDERS, USERNAME_MIN_LENGTH } from './constants'
import { english } from './english-message'

export const LoginRequestSchema = v.object({
  username: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(
      USERNAME_MIN_LENGTH,
      english(msg({ message: 'Enter at least {min} characters.' }), { min: USERNAME_MIN_LENGTH }),
    ),
    v.maxLength(254),
  ),
  password: v.pipe(
    v.string(),
    v.minLength(1, english(msg`Enter your password.`)),
    v.maxLength(1024),
  ),
})
export type LoginRequest = v.InferOutput<typeof LoginRequestSchema>

export const LanguageSchema = v.object({
  id: IdSchema,
  code: v.string(),
  name: v.string(),
})
export type Language = v.InferOutput<typeof LanguageSchema>

/** A diacritic sign of a language, offered as a button under the text widgets. */
export const DiacriticSignSchema = v.object({ sign: v.string(), description: v.string() })
export type DiacriticSign = v.InferOutput<typeof DiacriticSignSchema>

/**
 * The spec's language variant with its diacritic signs, where text is typed in the language
 * (the worker's item set carries it, so the sign palette works offline too).
 */
export const LanguageWithSignsSchema = v.object({
  ...LanguageSchema.entries,
  diacritic_signs: v.array(DiacriticSignSchema),
})
export type LanguageWithSigns = v.InferOutput<typeof LanguageWithSignsSchema>

/** Approval status, the four-value reading of the spec: PENDING 0, AUTOMATIC 1, ACCEPTED 2, REJECTED 3. */
export const APPROVAL_STATUS = { PENDING: 0, AUTOMATIC: 1, ACCEPTED: 2, REJECTED: 3 } as const
export const ApprovalStatusSchema = v.picklist([0, 1, 2, 3])

export const ApprovalSchema = v.object({
  id: IdSchema,
  status: ApprovalStatusSchema,
  new_languages: v.array(IdSchema),
  new_native_languages: v.array(IdSchema),
  new_main_language: v.nullable(IdSchema),
})
export type Approval = v.InferOutput<typeof ApprovalSchema>

export const EndworkerProfileSchema = v.object({
  id: IdSchema,
  survey_data: v.record(v.string(), v.unknown()),
  user: v.object({ id: IdSchema }),
  main_language: v.nullable(IdSchema),
  languages: v.array(IdSchema),
  native_languages: v.array(IdSchema),
  gender: v.nullable(v.picklist(GENDERS)),
  birth_year: v.nullable(v.number()),
  availability: v.nullable(v.number()),
  approval: v.nullable(ApprovalSchema),
})
export type EndworkerProfile = v.InferOutput<typeof EndworkerProfileSchema>

export const CurrentUserSchema = v.object({
  id: IdSchema,
  username: v.string(),
  email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  /** True for accounts created through single sign-on. */
  is_sso_account: v.boolean(),
  is_traditional_account: v.boolean(),
  is_active: v.boolean(),
  endworker_profile: v.nullable(EndworkerProfileSchema),
  last_login: v.nullable(v.string()),
  clause_accepted_date: v.nullable(v.string()),
  cookie_policy_accepted_date: v.nullable(v.string()),
})
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>

export const PreferencesSchema = v.object({
  play_on_hover: v.boolean(),
  overlapping_playback: v.boolean(),
  stt_end_after_no_speech: v.boolean(),
})
export type Preferences = v.InferOutput<typeof PreferencesSchema>
export const PreferencesPatchSchema = v.partial(PreferencesSchema)

export const ProfileUpdateSchema = v.object({
  main_language: v.nullable(IdSchema),
  languages: v.array(IdSchema),
  native_languages: v.array(IdSchema),
  gender: v.optional(v.nullable(v.picklist(GENDERS, english(msg`Choose male or female.`)))),
  birth_year: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer(english(msg`Enter a whole year.`)),
        v.minValue(1900, english(msg`Enter a year from 1900 on.`)),
        // Checked against the clock at parse time: a long-running server crosses New Year.
        v.check(
          (year) => year <= new Date().getUTCFullYear(),
          english(msg`A birth year cannot be in the future.`),
        ),
      ),
    ),
  ),
  availability: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer(english(msg`Enter whole hours.`)),
        v.minValue(0, english(msg`Availability cannot be negative.`)),
        v.maxValue(
          AVAILABILITY_MAX_HOURS,
          english(msg({ message: 'Availability is at most {max} hours a week.' }), {
            max: AVAILABILITY_MAX_HOURS,
          }),
        ),
      ),
    ),
  ),
})
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>

export const CurrentUserPatchSchema = v.object({
  first_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150))),
  last_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(150))),
  email: v.optional(
    v.pipe(v.string(), v.trim(), v.email(english(msg`Enter a valid e-mail address.`))),
  ),
  endworker_profile: v.optional(ProfileUpdateSchema),
})
export type CurrentUserPatch = v.InferOutput<typeof CurrentUserPatchSchema>

export const PASSWORD_MIN_LENGTH = 10

export const PasswordSchema = v.pipe(
  v.string(),
  v.minLength(
    PASSWORD_MIN_LENGTH,
    english(msg({ message: 'Use at least {min} characters.' }), { min: PASSWORD_MIN_LENGTH }),
  ),
  v.maxLength(1024),
)

export const ChangePasswordSchema = v.object({
  old_password: v.pipe(v.string(), v.minLength(1, english(msg`Enter your current password.`))),
  new_password: PasswordSchema,
})
export type ChangePassword = v.InferOutput<typeof ChangePasswordSchema>

export const UsernameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(
    USERNAME_MIN_LENGTH,
    english(msg({ message: 'Use at least {min} characters.' }), { min: USERNAME_MIN_LENGTH }),
  ),
  v.maxLength(150),
  v.regex(/^[\w.@+-]+$/, english(msg`Use letters, digits and . @ + - _ only.`)),
)

export const RegistrationSchema = v.object({
  key: v.pipe(v.string(), v.minLength(1)),
  username: UsernameSchema,
  email: v.pipe(v.string(), v.trim(), v.email(english(msg`Enter a valid e-mail address.`))),
  first_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, english(msg`Enter your first name.`)),
    v.maxLength(150),
  ),
  last_name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, english(msg`Enter your last name.`)),
    v.maxLength(150),
  ),
  password: PasswordSchema,
})
export type Registration = v.InferOutput<typeof RegistrationSchema>

export const KeyQuerySchema = v.object({
  key: v.pipe(v.string(), v.minLength(1, english(msg`The key is missing.`))),
})

export const RegistrationVerifySchema = v.object({
  email: v.nullable(v.string()),
  deactivate_account: v.boolean(),
})

/** Only someone holding a valid registration key may ask: the answer tells which names are taken. */
export const UsernameSuggestionQuerySchema = v.object({
  ...KeyQuerySchema.entries,
  first_name: v.optional(v.string(), ''),
  last_name: v.optional(v.string(), ''),
  email: v.optional(v.string(), ''),
})
export const UsernameSuggestionSchema = v.object({ username: v.string() })

export const ResetPasswordSchema = v.object({
  key: v.pipe(v.string(), v.minLength(1)),
  password: PasswordSchema,
})
export type ResetPassword = v.InferOutput<typeof ResetPasswordSchema>
export const ResetVerifySchema = v.object({ email: v.string() })

/** The CSRF token the client copies into the X-CSRFToken header (also set as the csrftoken cookie). */
export const CsrfTokenSchema = v.object({ csrf_token: v.string() })

export const InstanceSettingsSchema = v.object({
  /** Absent or true means the public marker is shown. */
  public_instance: v.optional(v.nullable(v.boolean())),
  backend_version: v.string(),
  sso_enabled: v.boolean(),
  sso_provider_name: v.nullable(v.string()),
})
export type InstanceSettings = v.InferOutput<typeof InstanceSettingsSchema>

/**
 * Why single sign-on sent the visitor to /oidc_failure (the `reason` query value): the
 * instance has no provider or cannot reach it, the login's state is missing, unknown or already
 * used, the provider or the token exchange failed, or the person's account fails the first-login
 * rules or is deactivated.
 */
export const SSO_FAILURE_REASONS = [
  'not_configured',
  'unavailable',
  'state_missing',
  'state_invalid',
  'state_used',
  'provider_error',
  'email_unverified',
  'name_missing',
  'no_account',
  'ambiguous_account',
  'deactivated',
] as const
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number]

/** POST auth/oidc/logout/: where the browser ends the provider's session, when it offers that. */
export const SsoLogoutSchema = v.object({
  detail: v.string(),
  logout_url: v.optional(v.string()),
})
export type SsoLogout = v.InferOutput<typeof SsoLogoutSchema>

/** Clause and cookie policy texts are plain Markdown strings. */
export const PolicyTextSchema = v.string()

export const LanguageListSchema = v.array(LanguageSchema)
