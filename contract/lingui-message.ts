import type { MessageDescriptor } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'

type MessageSource = { message: string; context?: string; comment?: string }

/**
 * Lingui's `msg` (alias `defineMessage`) for code that runs untranspiled: the server under tsx,
 * and the contract wherever it is imported. lingui.config.ts names this module a macro package,
 * so extraction and the PWA's build replace each call by the descriptor built here (the id is the
 * hash of the message and its context, as the macro makes it): both paths give one catalog entry.
 *
 * A template literal cannot interpolate (the macro would name placeholders after the variables,
 * which the runtime never sees): write `msg({ message: 'No such group: {id}.' })` and pass the
 * values where the message is used.
 */
export function msg(source: TemplateStringsArray | MessageSource): MessageDescriptor {
  const { message, context } = 'raw' in source ? { message: source.join(''), context: '' } : source
  return { id: generateMessageId(message, context), message }
}

export const defineMessage = msg
