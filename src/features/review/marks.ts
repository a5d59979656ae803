import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  GIVEN_MARKS,
  type GivenMark,
  MARK_COLOURS,
  type ReviewErrorType,
} from '../../../contract/review'

/** The spec's colour names as Mantine colours. */
const THEME_COLOURS = {
  danger: 'red',
  warning: 'yellow',
  success: 'green',
  info: 'cyan',
  primary: 'blue',
} as const

export function markColour(mark: number): string {
  if (mark === -1 || mark === 0) return 'gray'
  return THEME_COLOURS[MARK_COLOURS[mark as keyof typeof MARK_COLOURS]]
}

export const MARK_LABELS: Record<GivenMark, MessageDescriptor> = {
  1: msg`Terrible`,
  2: msg`Poor`,
  3: msg`Good`,
  4: msg`Very good`,
  5: msg`Excellent`,
  [-1]: msg`Skip`,
}

export const markLabel = (mark: number): MessageDescriptor | null =>
  (GIVEN_MARKS as readonly number[]).includes(mark) ? MARK_LABELS[mark as GivenMark] : null

/** The error types' labels, in the spec's order (contract REVIEW_ERROR_TYPES). */
export const ERROR_TYPE_LABELS: Record<ReviewErrorType, MessageDescriptor> = {
  LEXICAL: msg`Lexical`,
  GRAMMATICAL: msg`Grammatical`,
  SPELLING: msg`Spelling/punctuation`,
  AMBIGUOUS_PROTOCOL: msg`Ambiguous protocol rules`,
  PROTOCOL_LACK_OF_CONTEXT: msg`Protocol lacking context or examples`,
  PROTOCOL_NOT_FOLLOWED: msg`Protocol not followed`,
  OTHER: msg`Other`,
  MISSING_ANNOTATION: msg`Missing annotation`,
  IMPOSSIBLE_TO_REVIEW: msg`Impossible to review`,
  WRONG_DATA: msg`Wrong data`,
  GENERAL_GUIDE_NOT_FOLLOWED: msg`General guidelines not followed`,
}

/** Where a key press is typing, not a shortcut: fields that take text (read-only ones do not). */
export const TYPING_TARGETS =
  'input:not([readonly]):not([type="checkbox"]):not([type="radio"]), textarea:not([readonly]), select, [contenteditable="true"]'
