import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { countCoordinatorCounters } from './queries'

/** Staff count over every user; a coordinator over the users of their coordination groups. */
export function coordinatorCounters(db: Db, user: SessionUser) {
  return countCoordinatorCounters(db, user.roles.includes('staff') ? null : user.id)
}
