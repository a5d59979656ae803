import { i18n } from '../../../i18n/i18n'
import { generalMessage } from '../../../ui/forms/form-errors'
import { notifyError } from '../../../ui/notify'

/**
 * Tells the user an action failed, in the server's words when they describe the request (a
 * status change not allowed, a task still processing); failures the shell reports stay silent.
 */
export function notifyFailure(title: string, error: unknown): void {
  notifyError({ title, message: generalMessage(error, i18n) ?? undefined, error })
}
