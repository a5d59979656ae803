import type { FastifyInstance } from 'fastify'
import { msg } from '#lingui-message'
import { JSON_BODY_MAX_DEPTH } from '../../contract/common'
import { badRequest } from './errors'
import { withValues } from './i18n'

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, read in one pass over the text
 * without parsing it, so a hostile body (twenty thousand opening brackets) never builds a
 * structure that later code walks recursively.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c) index += 1
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1
      if (depth > limit) return true
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1
    }
  }
  return false
}

/**
 * JSON bodies: an empty one is no body (clients send the JSON content type on every call, logout
 * and other body-less calls included), one nesting deeper than JSON_BODY_MAX_DEPTH is refused,
 * and the rest goes to Fastify's own parser, which refuses prototype-poisoning keys.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text.trim() === '') return done(null, undefined)
    if (nestsDeeperThan(text, JSON_BODY_MAX_DEPTH)) {
      const detail = msg({ message: 'The JSON body nests deeper than {levels} levels.' })
      return done(badRequest(withValues(detail, { levels: JSON_BODY_MAX_DEPTH })))
    }
    return parseJson(request, text, done)
  })
}
