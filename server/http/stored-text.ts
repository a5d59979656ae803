/**
 * Text PostgreSQL cannot store: its text and jsonb types refuse the NUL character, and UTF-8
 * cannot encode a lone UTF-16 surrogate (which JSON's \ud800 escapes can make). Every string of
 * a request (and every object key) is checked before the request is handled, so such text is a
 * 400 naming its field, never a failed query.
 */

export type TextProblem = { path: (string | number)[]; message: string }

export const NUL_MESSAGE = 'must not contain the NUL character (\\u0000)'
export const SURROGATE_MESSAGE = 'must be valid Unicode text (it holds a lone UTF-16 surrogate)'
const KEY_PREFIX = 'field names '
/** In Unicode mode a surrogate pair reads as one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE
  return null
}

/** The strings and keys in a parsed request part that cannot be stored, at most `limit`. */
export function unstorableText(value: unknown, limit = 20): TextProblem[] {
  const problems: TextProblem[] = []
  const pending: [unknown, (string | number)[]][] = [[value, []]]
  while (pending.length > 0 && problems.length < limit) {
    const [current, path] = pending.pop() as [unknown, (string | number)[]]
    if (typeof current === 'string') {
      const message = textProblem(current)
      if (message) problems.push({ path, message })
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        pending.push([item, [...path, index]])
      })
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const message = textProblem(key)
        if (message) problems.push({ path, message: KEY_PREFIX + message })
        else pending.push([item, [...path, key]])
      }
    }
  }
  return problems
}
