import { Trans, useLingui } from '@lingui/react/macro'
import { ShownOnce } from '../../../ui/ShownOnce'

/** A new webhook's signing secret: the only time it is shown. */
export function WebhookSecret({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <ShownOnce
      title={t`Copy the signing secret now`}
      value={secret}
      label={t`Signing secret`}
      copyLabel={t`Copy the secret`}
      onClose={onClose}
    >
      <Trans>
        Your receiver checks each delivery's webhook-signature header with it. It cannot be shown
        again: to get another, delete the webhook and create a new one.
      </Trans>
    </ShownOnce>
  )
}
