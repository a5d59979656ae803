import { lazyNamed } from '../../ui/lazy-named'

/** The signed-in user's menus: loaded after sign-in, not with the sign-in page. */
export const TopNavigation = lazyNamed(() => import('./TopNavigation'), 'TopNavigation')
