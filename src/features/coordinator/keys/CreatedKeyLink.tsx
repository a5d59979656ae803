import { Trans, useLingui } from '@lingui/react/macro'
import { ShownOnce } from '../../../ui/ShownOnce'

/**
 * The link of a key just made. The server keeps only the key's hash, so this is the one time the
 * link can be seen: it stays until the coordinator closes it.
 */
export function CreatedKeyLink({ link, onClose }: { link: string; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <ShownOnce
      title={t`Copy the link now`}
      value={link}
      label={t`Link`}
      copyLabel={t`Copy the link`}
      onClose={onClose}
    >
      <Trans>Send it to the person it is for. It cannot be shown again.</Trans>
    </ShownOnce>
  )
}
