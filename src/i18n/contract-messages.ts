import type { I18n } from '@lingui/core'
import { messageOfText } from '../../contract/english-message'

/**
 * The text of an issue a contract schema reported, in the reader's language when the contract
 * wrote it as a message (the text is then its English, or in the production build its id), as it
 * is otherwise.
 */
export function contractIssueText(i18n: I18n, text: string): string {
  const message = messageOfText(text)
  return message ? i18n._(message) : text
}
