import { clientGroups, users } from './schema'

/** Columns of the light references answers carry (contract UserRef and ClientGroup). */
export const userRefColumns = { id: users.id, username: users.username }

export const clientGroupColumns = {
  id: clientGroups.id,
  name: clientGroups.name,
  full_name: clientGroups.fullName,
}
