import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { hasPermission, type Role } from '../../../contract/roles'
import type { AppPath } from '../../ui/PageLayout'

export type TopNavigationItem = {
  id: 'tasks' | 'feedback' | 'timelogs' | 'review' | 'client' | 'coordinator' | 'finance' | 'admin'
  to: AppPath
  label: MessageDescriptor
  isVisible: (permissions: readonly Role[]) => boolean
}

const withRole = (role: Role) => (permissions: readonly Role[]) => hasPermission(permissions, role)

/** The top menu of the spec (sections 2 and 6), in its order, each entry with its gate. */
const TOP_NAVIGATION: TopNavigationItem[] = [
  { id: 'tasks', to: '/tasks', label: msg`Tasks`, isVisible: withRole('endworker') },
  { id: 'feedback', to: '/feedback', label: msg`Feedback`, isVisible: withRole('endworker') },
  { id: 'timelogs', to: '/timelogs', label: msg`Timelogs`, isVisible: () => true },
  { id: 'review', to: '/review', label: msg`Review`, isVisible: withRole('reviewer') },
  { id: 'client', to: '/client', label: msg`Client`, isVisible: withRole('client') },
  {
    id: 'coordinator',
    to: '/coordinator',
    label: msg`Coordinator`,
    isVisible: withRole('coordinator'),
  },
  {
    id: 'finance',
    to: '/finance',
    label: msg`Finance`,
    // Staff pass every check, yet the spec keeps this entry to finance managers alone.
    isVisible: (permissions) => permissions.includes('finance_manager'),
  },
  {
    id: 'admin',
    to: '/admin_panel',
    label: msg`Admin`,
    isVisible: (permissions) => permissions.includes('staff'),
  },
]

export function topNavigationFor(permissions: readonly Role[]): TopNavigationItem[] {
  return TOP_NAVIGATION.filter((item) => item.isVisible(permissions))
}
