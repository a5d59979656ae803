import { notFound } from '@tanstack/react-router'

/**
 * The preview's `{itemSetId}` path segment is the fake-task offset: the set's position in a task
 * of fixed sets, the first item's position otherwise. Anything else is a missing page.
 */
export function parseOffsetParam(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw notFound()
  return Number(value)
}
