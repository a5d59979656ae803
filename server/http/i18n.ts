import { readFileSync } from 'node:fs'
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { FastifyRequest } from 'fastify'
import {
  DEFAULT_DISPLAY_LANGUAGE,
  DISPLAY_LANGUAGES,
  type DisplayLanguage,
} from '../../contract/constants'

/** A message the API shows to people: a Lingui descriptor, with the values of its placeholders. */
export type ApiMessage = MessageDescriptor

const poFormat = formatter()

/** The PWA's catalog of a language, as the server's Lingui messages (untranslated ones left out). */
function readCatalog(language: DisplayLanguage): Record<string, string> {
  const filename = new URL(`../../locales/${language}/messages.po`, import.meta.url)
  const catalog = poFormat.parse(readFileSync(filename, 'utf8'), {
    locale: language,
    sourceLocale: DEFAULT_DISPLAY_LANGUAGE,
    filename: filename.pathname,
  }) as Record<string, { translation?: string }>
  const messages: Record<string, string> = {}
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.translation) messages[id] = entry.translation
  }
  return messages
}

const instances = new Map<DisplayLanguage, I18n>()

/** One Lingui instance per language, its catalog read on first use. */
export function i18nFor(language: DisplayLanguage): I18n {
  let i18n = instances.get(language)
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: readCatalog(language) } })
    i18n.setMessagesCompiler(compileMessage)
    instances.set(language, i18n)
  }
  return i18n
}

const isDisplayLanguage = (code: string): code is DisplayLanguage =>
  (DISPLAY_LANGUAGES as readonly string[]).includes(code)

/**
 * The display language an `Accept-Language` header asks for: its languages by falling quality
 * (in header order among equals), regional variants taken as their language (`fr-CA` is `fr`),
 * the first one with a catalog winning; English when none has one.
 */
export function negotiateLanguage(header: string | undefined): DisplayLanguage {
  const wanted = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const quality = parameters
        .map((parameter) => parameter.trim().match(/^q=([0-9.]+)$/i)?.[1])
        .find((value) => value !== undefined)
      return {
        language: tag.trim().toLowerCase().split('-')[0] ?? '',
        quality: quality === undefined ? 1 : Number(quality),
        order,
      }
    })
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order)
  return (
    (wanted.find(({ language }) => isDisplayLanguage(language))?.language as
      | DisplayLanguage
      | undefined) ?? DEFAULT_DISPLAY_LANGUAGE
  )
}

/** The Lingui instance of the language the request asks for. */
export const requestI18n = (request: FastifyRequest): I18n =>
  i18nFor(negotiateLanguage(request.headers['accept-language']))

const isApiMessage = (value: unknown): value is ApiMessage =>
  typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string'

/**
 * The message in the instance's language. Values that are messages themselves (a problem's
 * place, a reason given inside a sentence), or lists of them, are translated first.
 */
export function translate(i18n: I18n, message: ApiMessage): string {
  // English text outside the catalog (see englishText) is shown as it is, not read as ICU.
  if (!(message.id in i18n.messages) && !message.values) return message.message ?? message.id
  const values = message.values
    ? Object.fromEntries(
        Object.entries(message.values).map(([name, value]) => [name, translateValue(i18n, value)]),
      )
    : undefined
  return i18n._({ ...message, values })
}

/** Choices named in a message, said as the language says "A or B". */
class Alternatives {
  constructor(readonly items: readonly string[]) {}
}

/** A placeholder value listing choices: `PAUSED or FINISHED`, `PAUSED ou FINISHED`. */
export const oneOf = (items: readonly string[]) => new Alternatives(items)

/** A value for a placeholder: a message translated, a list of messages as one list. */
function translateValue(i18n: I18n, value: unknown): unknown {
  if (isApiMessage(value)) return translate(i18n, value)
  if (value instanceof Alternatives) {
    return new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(value.items)
  }
  if (Array.isArray(value) && value.every(isApiMessage)) {
    return value.map((item) => translate(i18n, item)).join(', ')
  }
  return value
}

/** Says messages in the language the request asks for (success details, per-item refusals). */
export const inRequestLanguage =
  (request: FastifyRequest) =>
  (message: ApiMessage): string =>
    translate(requestI18n(request), message)

/** A message in English, for logs and the error's own `message`. */
export const inEnglish = (message: ApiMessage): string => translate(i18nFor('en'), message)

/** The message with the values of its placeholders. */
export const withValues = (message: ApiMessage, values: Record<string, unknown>): ApiMessage => ({
  ...message,
  values,
})

/**
 * Text that arrives as English only (valibot's issues, whose contract messages are plain
 * strings): its translation when the catalog has that English message, else the text itself.
 */
export function translateText(i18n: I18n, text: string): string {
  const id = generateMessageId(text)
  return id in i18n.messages ? i18n._(id) : text
}
