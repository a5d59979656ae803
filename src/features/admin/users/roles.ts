import { useLingui } from '@lingui/react/macro'
import type { Role } from '../../../../contract/roles'

/** The roles by the names the menus give their areas. */
export function useRoleLabels(): Record<Role, string> {
  const { t } = useLingui()
  return {
    endworker: t`End worker`,
    reviewer: t`Reviewer`,
    client: t`Client`,
    coordinator: t`Coordinator`,
    finance_manager: t`Finance manager`,
    staff: t`Staff`,
  }
}
