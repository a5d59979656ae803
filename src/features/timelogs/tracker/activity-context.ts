import type { TrackedSource } from '../../../../contract/timelogs'
import type { ActivityContext } from '../../../offline/operations/timelog-activity'

export type { ActivityContext }

type ContextRule = {
  pattern: RegExp
  source: TrackedSource
  /** The pattern's capture groups, in order, name these ids. */
  ids: ('task' | 'item_set' | 'protocol')[]
}

/** First match wins: the protocol pages under an item set come before the annotation screen. */
const RULES: ContextRule[] = [
  {
    pattern: /^\/tasks\/(\d+)\/(\d+)\/(\d+)\/protocol(?:-confirm)?\/?$/,
    source: 'PROTOCOL',
    ids: ['task', 'item_set', 'protocol'],
  },
  { pattern: /^\/tasks\/(\d+)\/(\d+)\/?$/, source: 'TASK', ids: ['task', 'item_set'] },
  { pattern: /^\/(?:review\/)?protocols\/(\d+)\/?$/, source: 'PROTOCOL', ids: ['protocol'] },
  { pattern: /^\/review\/(?:perform|reviewed)\/(\d+)\/?$/, source: 'REVIEW', ids: ['task'] },
  { pattern: /^\/review(?:\/|$)/, source: 'REVIEW', ids: [] },
  { pattern: /^\/feedback\/(\d+)\/?$/, source: 'FEEDBACK', ids: ['task'] },
  { pattern: /^\/feedback(?:\/|$)/, source: 'FEEDBACK', ids: [] },
]

/** The activity context of a page, from its path (`pathname`) and query (`search`, with `?`). */
export function activityContextOf(pathname: string, search = ''): ActivityContext {
  const url = `${pathname}${search}`
  for (const { pattern, source, ids } of RULES) {
    const match = pattern.exec(pathname)
    if (!match) continue
    const context: ActivityContext = { source, url }
    ids.forEach((name, index) => {
      context[name] = Number(match[index + 1])
    })
    return context
  }
  return { source: 'OTHER', url }
}

export function sameContext(a: ActivityContext, b: ActivityContext): boolean {
  return (
    a.source === b.source &&
    a.url === b.url &&
    a.item_set === b.item_set &&
    a.task === b.task &&
    a.protocol === b.protocol
  )
}
