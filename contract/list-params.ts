/**
 * The list parameters that pages also keep in their URL: the fields each list may be ordered by
 * and the naming of metadata filters. The lists' query schemas use them, and so do the routes'
 * URL search checks, which the router holds from start-up: kept apart from those schemas, they
 * do not bring the schemas (and what those import) into the start-up bundle.
 */

/** Metadata filters are query parameters named `metadata__<key>`; every pair must match. */
export const METADATA_FILTER_PREFIX = 'metadata__'

/** GET /client/tasks/. */
export const TASK_ORDERING_FIELDS = [
  'id',
  'created',
  'description',
  'status',
  'progress',
  'deadline',
] as const
export type TaskOrderingField = (typeof TASK_ORDERING_FIELDS)[number]

/** GET /client/tasks/{id}/annotations/. */
export const ANNOTATION_ORDERING_FIELDS = ['id', 'created', 'modified', 'item', 'user'] as const
export type AnnotationOrderingField = (typeof ANNOTATION_ORDERING_FIELDS)[number]

/** GET /coordinator/item-sets/. */
export const ITEM_SET_ORDERING_FIELDS = [
  'id',
  'created',
  'modified',
  'lock_expiration',
  'user',
  'task',
  'items_done',
  'items_all',
  'progress',
] as const
export type ItemSetOrderingField = (typeof ITEM_SET_ORDERING_FIELDS)[number]

/** GET /coordinator/users/. */
export const USER_ORDERING_FIELDS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'date_joined',
  'ratio',
  'availability',
] as const
export type UserOrderingField = (typeof USER_ORDERING_FIELDS)[number]

/** GET /coordinator/profile-approvals/. */
export const APPROVAL_ORDERING_FIELDS = ['id', 'created', 'username', 'status'] as const
