import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OutboxError } from '../../offline/db'
import { statusNoticeTitle } from '../shell/useGlobalApiErrors'

/** Reasons the spec's catalogue leaves out but a reviewer can act on, by the server's code. */
const REASONS_BY_CODE: Partial<Record<string, MessageDescriptor>> = {
  lock_expired: msg`Another reviewer took this item after its lock expired.`,
}

/**
 * The tooltip of a review card whose save was refused (spec section 4). A validation error keeps
 * the server's message for each field, so the reviewer sees what to change; any other refusal
 * shows the product's own wording for its code or status, or 'Unknown error', never the
 * server's untranslated detail.
 */
export function saveProblemLabel(i18n: I18n, error: OutboxError): string {
  if (error.status === 400) {
    const fieldMessages = Object.entries(error.fields ?? {})
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ')
    return fieldMessages
      ? i18n._(msg`Validation error: ${fieldMessages}`)
      : i18n._(msg`Validation error`)
  }
  const reason = REASONS_BY_CODE[error.code] ?? statusNoticeTitle(error.status)
  return i18n._(reason ?? msg`Unknown error`)
}
