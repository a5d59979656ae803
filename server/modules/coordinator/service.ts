import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { countCoordinatorCounters, listCoordinationGroups } from './queries'

/** Staff count over every user; a coordinator over the users of their coordination groups. */
export function coordinatorCounters(db: Db, user: SessionUser) {
  return countCoordinatorCounters(db, user.roles.includes('staff') ? null : user.id)
}

/** The coordination groups the coordinator pages choose from: a coordinator's own, all for staff. */
export function coordinationGroups(db: Db, user: SessionUser) {
  return listCoordinationGroups(db, user.roles.includes('staff') ? null : user.id)
}
