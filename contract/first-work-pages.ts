/**
 * The annotator's screens: the task list and its item sets (src/routes/_app/tasks). They draw with
 * the first-work files of the build (scripts/first-work-split.ts) and the first-work catalog, so
 * a phone opening its work downloads less before drawing it.
 */
export function isFirstWorkPage(pathname: string): boolean {
  return pathname === '/tasks' || pathname.startsWith('/tasks/')
}

/**
 * The built page the server answers a signed-in browser opening one of them: index.html with the
 * first-work files preloaded beside the start-up script (scripts/first-work-page.ts), instead of
 * requested only once that script has run.
 */
export const FIRST_WORK_HTML = 'first-work.html'
