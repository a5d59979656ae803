import { useEffect, useState } from 'react'
import { keepFormDraft, restoredDraft } from '../../ui/forms/drafts'

/**
 * Unsaved admin forms survive a reload or a closed tab: their values are stored by form key on
 * every change and offered again when the form opens. Saving or cancelling forgets them; they go
 * with the session at sign-out.
 */

/** Admin drafts share the app's form drafts, under names of their own. */
const draftName = (key: string) => `admin:${key}`

const writeDraft = (key: string, values: unknown) => keepFormDraft(draftName(key), values)

export const forgetDraft = (key: string) => writeDraft(key, undefined)

/**
 * The values a form starts from: its draft when one is stored (over `initial`, so a field added
 * since the draft was kept starts from its initial value), else `initial`.
 */
export function useDraftStart<TValues extends Record<string, unknown>>(
  key: string,
  initial: TValues,
) {
  const [start] = useState(() => {
    const draft = restoredDraft(initial, draftName(key))
    return { values: draft ?? initial, restored: draft !== null }
  })
  return start
}

/** Stores the values whenever they differ from what the form was opened with. */
export function useDraftKeeper<TValues>(key: string, values: TValues, saved: TValues) {
  const current = JSON.stringify(values)
  const unchanged = current === JSON.stringify(saved)
  useEffect(() => {
    writeDraft(key, unchanged ? undefined : JSON.parse(current))
  }, [key, current, unchanged])
}
