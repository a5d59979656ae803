import { lazyNamed } from '../../ui/lazy-named'
import { withAllStyles } from '../../ui/styles/load-all-styles'

/** The signed-in user's menus: loaded after sign-in, not with the sign-in page. */
export const TopNavigation = lazyNamed(
  withAllStyles(() => import('./TopNavigation')),
  'TopNavigation',
)
