import { createContext, type ReactNode, useContext, useId, useMemo, useRef } from 'react'

/** A text widget that can take inserted text at its (last) cursor position. */
type TextTarget = { insert: (text: string) => void }

type ItemWidgets = {
  /** Whether the item's annotation is being edited (false on read-only screens). */
  editable: boolean
  /**
   * The `name` of a field's inputs, unique to this item on the page: radio buttons sharing a
   * name are one group to the browser, so two items' answers would clear each other's dot.
   */
  inputName: (field: string) => string
  /** A text widget calls this when mounted; the returned function unregisters it. */
  registerTextTarget: (target: TextTarget) => () => void
  /** A text widget calls this when focused, so later insertions go to it. */
  focusTextTarget: (target: TextTarget) => void
  /** Inserts into the last focused text widget (else the first one); false when there is none. */
  insertIntoText: (text: string) => boolean
}

/**
 * Links the widgets of one item: the audio player's current-time tag goes into the text widget
 * the worker was last typing in, and its inputs are named apart from other items'. One context
 * per item keeps two items on a page apart.
 */
const ItemWidgetsContext = createContext<ItemWidgets>({
  editable: false,
  inputName: (field) => field,
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
  const item = useId()
  // Refs, not state: focusing a field must not re-render the whole item.
  const targets = useRef<TextTarget[]>([])
  const lastFocused = useRef<TextTarget | null>(null)
  const value = useMemo<ItemWidgets>(
    () => ({
      editable,
      inputName: (field) => `${item}${field}`,
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
    [editable, item],
  )
  return <ItemWidgetsContext value={value}>{children}</ItemWidgetsContext>
}

export const useItemWidgets = (): ItemWidgets => useContext(ItemWidgetsContext)
