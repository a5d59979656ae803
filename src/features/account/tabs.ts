/** The account page's tabs, in the URL as `?tab=`; apart from the page so the route's search check stays out of its chunk. */
export const ACCOUNT_TABS = ['general', 'profile'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]
