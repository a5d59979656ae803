import { msg } from '#lingui-message'
import { conflict } from '../../http/errors'
import { type ApiMessage, withValues } from '../../http/i18n'

/** What still uses a thing: how many, and the words for them (a plural message of `count`). */
export type Usage = { users: ApiMessage; count: number }[]

/** 409 naming what still uses the thing, so it is not deleted from under them. */
export function refuseIfUsed(what: ApiMessage, usage: Usage) {
  const users = usage
    .filter(({ count }) => count > 0)
    .map(({ users, count }) => withValues(users, { count }))
  if (users.length > 0) {
    throw conflict(msg({ message: '{what} is still used by {users}; it cannot be deleted.' }), {
      what,
      users,
    })
  }
}
