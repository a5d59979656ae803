/** Pure text edits of the text widgets, kept apart from the DOM so they can be tested alone. */

export type Selection = { start: number; end: number }
export type Edit = { text: string; selection: Selection }

const clamp = (position: number, text: string) => Math.min(Math.max(position, 0), text.length)

/** The selection inside the text, start first (a backwards selection has them the other way). */
function within(text: string, { start, end }: Selection): Selection {
  return { start: clamp(Math.min(start, end), text), end: clamp(Math.max(start, end), text) }
}

/**
 * Inserts `open` at the cursor, replacing the selection. With `close`, the selection is wrapped
 * instead: `open` + selection + `close`. The cursor ends after the insertion, or between the two
 * tags when nothing was selected, so the worker can type the tagged text at once.
 */
export function insertAtSelection(
  text: string,
  selection: Selection,
  open: string,
  close?: string,
): Edit {
  const { start, end } = within(text, selection)
  const before = text.slice(0, start)
  const selected = text.slice(start, end)
  const after = text.slice(end)
  if (close === undefined || close === '') {
    const cursor = start + open.length
    return { text: before + open + after, selection: { start: cursor, end: cursor } }
  }
  const cursor =
    selected === '' ? start + open.length : start + open.length + selected.length + close.length
  return {
    text: before + open + selected + close + after,
    selection: { start: cursor, end: cursor },
  }
}

/** No space is wanted after these (a space, an opening bracket)... */
const OPENS = /[\s([{«„“]/
/** ...nor before these (a space, closing punctuation). */
const CLOSES = /[\s.,;:!?)\]}»”…]/

/**
 * Inserts like insertAtSelection, with a space on either side where the insertion would
 * otherwise run into a neighbouring word: 'hello|world' with [noise] gives 'hello [noise] world',
 * while 'hello|.' gives 'hello [noise].'. Tags, time tags and dictated words insert this way.
 */
export function insertSeparated(
  text: string,
  selection: Selection,
  open: string,
  close?: string,
): Edit {
  const { start, end } = within(text, selection)
  const previous = text[start - 1]
  const next = text[end]
  const before = previous !== undefined && !OPENS.test(previous) ? ' ' : ''
  const after = next !== undefined && !CLOSES.test(next) ? ' ' : ''
  if (close === undefined || close === '') {
    return insertAtSelection(text, { start, end }, before + open + after)
  }
  return insertAtSelection(text, { start, end }, before + open, close + after)
}

/** Dictated words join what is already there as words (insertSeparated). */
export function insertDictation(text: string, selection: Selection, spoken: string): Edit {
  const words = spoken.trim()
  if (words === '') return { text, selection }
  return insertSeparated(text, selection, words)
}

/**
 * Replaces every newline with `replacement`, moving the cursor by what changed before it: Enter,
 * a paste or a drop all arrive as a change holding '\n', so one rule covers them all.
 */
export function replaceNewlines(text: string, cursor: number, replacement: string): Edit {
  const pattern = /\r\n|\r|\n/g
  const replaced = text.replace(pattern, replacement)
  const head = text.slice(0, clamp(cursor, text)).replace(pattern, replacement)
  return { text: replaced, selection: { start: head.length, end: head.length } }
}
