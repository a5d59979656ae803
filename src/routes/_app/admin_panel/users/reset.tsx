import { createFileRoute } from '@tanstack/react-router'
import { EveryKeyView } from '../../../../features/coordinator/keys/every-key'
import { ResetKeysPage } from '../../../../features/coordinator/keys/ResetKeysPage'

/** The coordinator's key screen with no group restriction: every key, of any group or none. */
export const Route = createFileRoute('/_app/admin_panel/users/reset')({
  component: () => (
    <EveryKeyView>
      <ResetKeysPage />
    </EveryKeyView>
  ),
})
