import { conflict } from '../../http/errors'

/** What still uses a thing, by a noun for one user and one for several, with how many. */
export type Usage = { one: string; many: string; count: number }[]

/** 409 naming what still uses the thing, so it is not deleted from under them. */
export function refuseIfUsed(what: string, usage: Usage) {
  const users = usage
    .filter(({ count }) => count > 0)
    .map(({ one, many, count }) => `${count} ${count === 1 ? one : many}`)
  if (users.length > 0) {
    throw conflict(`${what} is still used by ${users.join(', ')}; it cannot be deleted.`)
  }
}
