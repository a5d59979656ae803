import { createFileRoute } from '@tanstack/react-router'
import { EveryKeyView } from '../../../../features/coordinator/keys/every-key'
import { RegistrationKeysPage } from '../../../../features/coordinator/keys/RegistrationKeysPage'

/** The coordinator's key screen with no group restriction: every key, of any group or none. */
export const Route = createFileRoute('/_app/admin_panel/users/register')({
  component: () => (
    <EveryKeyView>
      <RegistrationKeysPage />
    </EveryKeyView>
  ),
})
