import { useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { type EditorDocument, toJson } from './document'
import { readJson } from './problems'

/**
 * Keeps the JSON view and the form in step both ways. Readable text replaces the document as
 * it is typed; form edits rewrite the text while the text stands for the current document. Text
 * that cannot be read is kept as typed, whatever the form does, until the user fixes it or asks
 * for the form's document instead.
 */
export function useJsonText(value: EditorDocument, onChange: (document: EditorDocument) => void) {
  const { i18n } = useLingui()
  // `shown`: the document the text stands for; null while the text cannot be read.
  const [state, setState] = useState(() => ({
    text: toJson(value),
    shown: value as EditorDocument | null,
  }))
  if (state.shown !== null && state.shown !== value) {
    // The form changed the document, and the text had nothing of the user's to lose.
    setState({ text: toJson(value), shown: value })
  }
  const reading = useMemo(() => readJson(state.text, i18n), [state.text, i18n])

  return {
    text: state.text,
    reading,
    /** Whether the form has moved on from text that cannot be read. */
    detached: state.shown === null,
    setText: (text: string) => {
      const next = readJson(text, i18n)
      setState({ text, shown: next.document })
      if (next.document) onChange(next.document)
    },
    takeFormDocument: () => setState({ text: toJson(value), shown: value }),
  }
}
