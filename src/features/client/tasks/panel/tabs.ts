/** The task panel's tabs, in the URL as `?tab=`; apart from the page so the route's search check stays out of its chunk. */
export const PANEL_TABS = ['summary', 'statistics', 'quality', 'edit', 'export'] as const
export type PanelTab = (typeof PANEL_TABS)[number]
