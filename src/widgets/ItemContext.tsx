import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react'

/** A text widget that can take inserted text at its (last) cursor position. */
type TextTarget = { insert: (text: string) => void }

type ItemWidgets = {
  /** Whether the item's annotation is being edited (false on read-only screens). */
  editable: boolean
  /** A text widget calls this when mounted; the returned function unregisters it. */
  registerTextTarget: (target: TextTarget) => () => void
  /** A text widget calls this when focused, so later insertions go to it. */
  focusTextTarget: (target: TextTarget) => void
  /** Inserts into the last focused text widget (else the first one); false when there is none. */
  insertIntoText: (text: string) => boolean
}

/**
 * Links the widgets of one item: the audio player's current-time tag goes into the text widget
 * the worker was last typing in. One context per item keeps two items on a page apart.
 */
const ItemWidgetsContext = createContext<ItemWidgets>({
  editable: false,
  registerTextTarget: () => () => {},
  focusTextTarget: () => {},
  insertIntoText: () => false,
})

export function ItemWidgetsProvider({
  editable,
  children,
}: {
  editable: boolean
  children: ReactNode
}) {
  // Refs, not state: focusing a field must not re-render the whole item.
  const targets = useRef<TextTarget[]>([])
  const lastFocused = useRef<TextTarget | null>(null)
  const value = useMemo<ItemWidgets>(
    () => ({
      editable,
      registerTextTarget: (target) => {
        targets.current.push(target)
        return () => {
          targets.current = targets.current.filter((other) => other !== target)
          if (lastFocused.current === target) lastFocused.current = null
        }
      },
      focusTextTarget: (target) => {
        lastFocused.current = target
      },
      insertIntoText: (text) => {
        const target = lastFocused.current ?? targets.current[0]
        if (!target) return false
        target.insert(text)
        return true
      },
    }),
    [editable],
  )
  return <ItemWidgetsContext value={value}>{children}</ItemWidgetsContext>
}

export const useItemWidgets = (): ItemWidgets => useContext(ItemWidgetsContext)
