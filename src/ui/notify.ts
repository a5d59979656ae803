import { msg } from '@lingui/core/macro'
import type { NotificationData } from '@mantine/notifications'
import {
  ERROR_NOTIFICATION_MS,
  NOTIFICATION_TIMEOUT_MS,
  SUCCESS_NOTIFICATION_MS,
} from '../../contract/constants'
import { ApiError } from '../api/client'
import { i18n } from '../i18n/i18n'

/** Statuses the app shell already reports with its own notification (spec section 8). */
export const GLOBALLY_REPORTED_STATUSES: readonly number[] = [401, 403, 404, 500, 503]

type NotificationText = { title?: string; message?: string }

/**
 * Notifications' store comes with their container (src/ui/deferred/notifications.ts), out of the
 * start-up script; the container shows what was queued before it loaded.
 */
function show(notification: NotificationData): void {
  import('./deferred/notifications').then(
    ({ notifications }) => notifications.show(notification),
    // Only a first visit that lost its connection gets here, with nothing to show it in.
    (error) => console.error('Could not load the notifications', error),
  )
}

export function notifySuccess({ title, message }: NotificationText = {}): void {
  show({
    color: 'green',
    title,
    message: message ?? i18n._(msg`Saved`),
    autoClose: SUCCESS_NOTIFICATION_MS,
  })
}

export function notifyWarning({ title, message }: NotificationText & { message: string }): void {
  show({ color: 'yellow', title, message, autoClose: NOTIFICATION_TIMEOUT_MS })
}

/**
 * Shows an error. When `error` is an API error whose status the shell already reported, nothing
 * is shown, so the user never sees the same failure twice.
 */
export function notifyError({
  title,
  message,
  error,
}: NotificationText & { error?: unknown } = {}) {
  if (error instanceof ApiError && GLOBALLY_REPORTED_STATUSES.includes(error.status)) return
  show({
    color: 'red',
    title,
    message: message ?? i18n._(msg`Something went wrong :(`),
    autoClose: ERROR_NOTIFICATION_MS,
  })
}
