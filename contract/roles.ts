import * as v from 'valibot'

/** The permission strings fetched after login; a user holds one or more roles. */
export const ROLES = [
  'endworker',
  'reviewer',
  'client',
  'coordinator',
  'finance_manager',
  'staff',
] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = v.picklist(ROLES)
export const PermissionsSchema = v.array(RoleSchema)

/** Staff pass every permission check (the spec's section 6). */
export function hasPermission(permissions: readonly Role[], required: Role): boolean {
  return permissions.includes(required) || permissions.includes('staff')
}

/** A regular user has no permissions or only endworker; they do not see the API link. */
export function isRegularUser(permissions: readonly Role[]): boolean {
  return permissions.every((permission) => permission === 'endworker')
}
