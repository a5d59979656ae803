import { Trans, useLingui } from '@lingui/react/macro'
import { SecretShownOnce } from '../../../ui/SecretShownOnce'

/** The link of a key just made, shown this once. */
export function CreatedKeyLink({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <SecretShownOnce
      title={t`Copy the link now`}
      label={t`Link`}
      copyLabel={t`Copy the link`}
      value={link}
      onClose={onClose}
    >
      <Trans>Send it to the person it is for. It cannot be shown again.</Trans>
    </SecretShownOnce>
  )
}
