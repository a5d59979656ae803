import { lazyBeyondFirstScreen } from '../../ui/deferred/beyond-first-screen'

/** The signed-in user's menus: loaded after sign-in, not with the sign-in page. */
export const TopNavigation = lazyBeyondFirstScreen(() => import('./TopNavigation'), 'TopNavigation')
