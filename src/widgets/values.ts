import { MULTI_VALUE_SEPARATOR } from '../../contract/task-schema'

/**
 * Reading and writing widget values. Values arrive as untyped JSON (items are uploaded by
 * clients, annotations may predate a schema change), so readers never trust their shape.
 */

/** The value as text: strings as they are, numbers and booleans as their text, else ''. */
export function textValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

/** An audio or image value: `{uuid}`, optionally with `audio_played_to_end`. */
export type MediaValue = { uuid: string; audio_played_to_end?: boolean }

/** The media value, accepting a bare uuid string too; null when the value names no file. */
export function mediaValue(value: unknown): MediaValue | null {
  if (typeof value === 'string' && value.trim() !== '') return { uuid: value.trim() }
  if (typeof value !== 'object' || value === null || !('uuid' in value)) return null
  const { uuid } = value
  if (typeof uuid !== 'string' || uuid === '') return null
  const played = 'audio_played_to_end' in value && value.audio_played_to_end === true
  return played ? { uuid, audio_played_to_end: true } : { uuid }
}

/** A checkbox stores the texts 'true' and 'false'; a real boolean from old data reads too. */
export function checkboxValue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true')
}

export const checkboxText = (checked: boolean): 'true' | 'false' => (checked ? 'true' : 'false')

/**
 * The options a stored dropdown value names, in the options' own spelling. Matching ignores case
 * and surrounding blanks, so data typed by hand ('Music; NONE') still selects 'music' and 'none';
 * choices matching no option are dropped, since the control could not show them.
 */
export function choicesFromValue(value: unknown, options: readonly string[]): string[] {
  const byKey = new Map(options.map((option) => [option.trim().toLowerCase(), option]))
  const parts = Array.isArray(value)
    ? value.map(textValue)
    : textValue(value).split(MULTI_VALUE_SEPARATOR)
  const choices: string[] = []
  for (const part of parts) {
    const option = byKey.get(part.trim().toLowerCase())
    if (option !== undefined && !choices.includes(option)) choices.push(option)
  }
  return choices
}

/** The stored form of a multiple dropdown: choices joined with ';'. */
export const choicesToValue = (choices: readonly string[]): string =>
  choices.join(MULTI_VALUE_SEPARATOR)
