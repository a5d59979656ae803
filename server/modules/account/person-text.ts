/**
 * How the server finds a person in stored text and JSON while anonymizing them. A value that is
 * their username or e-mail names them, and becomes the anonymous username. Inside longer text
 * only the e-mail is distinctive enough to replace everywhere; the username is replaced as a word
 * only in text the server wrote about logins (master-file messages), since a username may also
 * be an ordinary word or someone's first name. First and last names are erased only where the
 * text is known to be about the person: their own rows, or an object carrying their user id.
 */
export type Person = {
  userId: number
  username: string
  email: string
  firstName: string
  lastName: string
  /** What the account is called from now on (`anonymous-<id>`). */
  anonymousUsername: string
}

const nonEmpty = (values: string[]) => values.map((value) => value.trim()).filter(Boolean)

/** The username and e-mail, the values that name the person wherever they stand. */
export const loginsOf = (person: Person) => nonEmpty([person.username, person.email])

/** Everything the person's data is searched for: logins and names. */
export const identifiersOf = (person: Person) =>
  nonEmpty([person.username, person.email, person.firstName, person.lastName])

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A login as a whole word: not inside a longer name, address or word. */
const wordPattern = (words: string[]) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}._@+-])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_@-]|\\.[\\p{L}\\p{N}])`,
    'giu',
  )

function replaceWords(text: string, words: string[], replacement: string) {
  return words.length === 0 ? text : text.replace(wordPattern(words), replacement)
}

/**
 * Text the server wrote about logins with each of the person's, as a whole word in any case,
 * replaced by the anonymous username.
 */
export const replaceLogins = (text: string, person: Person) =>
  replaceWords(text, loginsOf(person), person.anonymousUsername)

/** Any text with the person's e-mail, in any case, replaced by the anonymous username. */
const replaceEmail = (text: string, person: Person) =>
  replaceWords(text, nonEmpty([person.email]), person.anonymousUsername)

/** Whether a value is one of the person's logins (any case, surrounding blanks ignored). */
export function isLoginOf(value: string, person: Person): boolean {
  const lowered = value.trim().toLowerCase()
  return loginsOf(person).some((login) => login.toLowerCase() === lowered)
}

/** Whether a text holds the person's first or last name as a word (any case). */
export function mentionsNameOf(text: string, person: Person): boolean {
  const names = nonEmpty([person.firstName, person.lastName])
  return names.length > 0 && wordPattern(names).test(text)
}

/**
 * A cell of a row about the person: a login becomes the anonymous username, a cell naming them by
 * first or last name is emptied. In anyone else's row only their e-mail is replaced.
 */
export function scrubCell(value: string, person: Person, rowIsPersons: boolean): string {
  if (rowIsPersons && isLoginOf(value, person)) return person.anonymousUsername
  if (rowIsPersons && mentionsNameOf(value, person)) return ''
  return replaceEmail(value, person)
}

const USER_TEXT_FIELDS: Record<string, (person: Person) => string> = {
  username: (person) => person.anonymousUsername,
  email: () => '',
  first_name: () => '',
  last_name: () => '',
  full_name: () => '',
}

/** Keys whose string value names a user by login. */
const LOGIN_KEYS = new Set(['username', 'user', 'author', 'reviewer', 'login', 'email'])

/**
 * A JSON value with the person taken out: an object with the person's `id` and user fields
 * (a user reference such as a stored answer's reviewer) gets the anonymous username and empty
 * names and e-mail; a login of theirs under a key that names users becomes the anonymous
 * username; every string loses their e-mail.
 */
export function scrubJson(value: unknown, person: Person): unknown {
  if (typeof value === 'string') return replaceEmail(value, person)
  if (Array.isArray(value)) return value.map((entry) => scrubJson(entry, person))
  if (value === null || typeof value !== 'object') return value
  const isPersonRef = (value as { id?: unknown }).id === person.userId
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => {
      const replacement = USER_TEXT_FIELDS[key]
      if (isPersonRef && replacement && typeof entry === 'string') return [key, replacement(person)]
      if (LOGIN_KEYS.has(key) && typeof entry === 'string' && isLoginOf(entry, person)) {
        return [key, person.anonymousUsername]
      }
      return [key, scrubJson(entry, person)]
    }),
  )
}
