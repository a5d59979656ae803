import type { MessageDescriptor } from '@lingui/core'

type Values = Record<string, string | number>

/** Every message given to valibot, by the text valibot was given (module-level schemas only). */
const messagesByText = new Map<string, MessageDescriptor>()

/**
 * A Lingui message as the text valibot takes for an issue: the English message with its values
 * put in (`{max, number}` written as English writes numbers, 2,000). Whoever shows the issue finds the message again by that text (`messageOfText`) and says
 * it in the reader's language. The PWA's build strips the English from descriptors, so there the
 * text is the message's id, which finds it just as well.
 *
 * Call it only where schemas are defined, never while parsing: every call is remembered.
 */
export function english(message: MessageDescriptor, values?: Values): string {
  const text = (message.message ?? message.id).replace(
    /\{(\w+)(, number)?\}/g,
    (placeholder, name: string, asNumber?: string) => {
      if (!values || !(name in values)) return placeholder
      return asNumber ? Number(values[name]).toLocaleString('en') : String(values[name])
    },
  )
  messagesByText.set(text, values ? { ...message, values } : message)
  return text
}

/** The message an issue's text was made from with `english`, with its values. */
export const messageOfText = (text: string): MessageDescriptor | undefined =>
  messagesByText.get(text)
