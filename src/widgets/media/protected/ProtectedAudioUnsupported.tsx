import { Trans } from '@lingui/react/macro'

/** The one message for a browser that cannot play protected audio (no plain fallback exists). */
export function ProtectedAudioUnsupported() {
  return (
    <Trans>
      This task's audio is protected and cannot be played in this browser; use a current Chrome,
      Edge or Firefox on a computer or on Android.
    </Trans>
  )
}
