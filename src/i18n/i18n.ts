import { i18n } from '@lingui/core'
import {
  DEFAULT_DISPLAY_LANGUAGE,
  DISPLAY_LANGUAGES,
  type DisplayLanguage,
} from '../../contract/constants'
import { messages as firstScreenMessages } from '../../locales/en/messages.po?first-screen'
import { storage } from '../storage'

type Catalog = { messages: Record<string, unknown> }

/**
 * Whole catalogs. English ships in the start-up script with the messages of the signed-out
 * screens only (scripts/first-screen-catalog.ts) and is completed before any signed-in page
 * renders; the other packs load when chosen. All are cached for offline use.
 */
const catalogLoaders: Record<DisplayLanguage, () => Promise<Catalog>> = {
  en: () => import('../../locales/en/messages.po'),
  fr: () => import('../../locales/fr/messages.po'),
  pl: () => import('../../locales/pl/messages.po'),
  ru: () => import('../../locales/ru/messages.po'),
}

const loadedCatalogs = new Map<DisplayLanguage, Promise<void>>()

/** Loads a language's whole catalog once; a failed load is tried again next time. */
function loadCatalog(language: DisplayLanguage): Promise<void> {
  let loading = loadedCatalogs.get(language)
  if (!loading) {
    loading = catalogLoaders[language]().then((catalog) =>
      i18n.load(language, catalog.messages as never),
    )
    loading.catch(() => loadedCatalogs.delete(language))
    loadedCatalogs.set(language, loading)
  }
  return loading
}

const dayjsLocaleLoaders: Record<Exclude<DisplayLanguage, 'en'>, () => Promise<unknown>> = {
  fr: () => import('dayjs/locale/fr'),
  pl: () => import('dayjs/locale/pl'),
  ru: () => import('dayjs/locale/ru'),
}

/**
 * dayjs (the date formats and pickers of later pages) with the language's locale registered.
 * English, its default, needs nothing at start-up, so dayjs comes with the first page using it.
 */
async function loadDayjs(language: DisplayLanguage) {
  const [{ default: dayjs }] = await Promise.all([
    import('dayjs'),
    language === 'en' ? undefined : dayjsLocaleLoaders[language](),
  ])
  return dayjs
}

export const displayLanguageNames: Record<DisplayLanguage, string> = {
  en: 'English',
  fr: 'Français',
  pl: 'Polski',
  ru: 'Русский',
}

/** Unknown codes (and regional variants we have no pack for) fall back to English. */
export function resolveDisplayLanguage(code: string | null | undefined): DisplayLanguage {
  const base = code?.toLowerCase().split(/[-_]/)[0]
  return (DISPLAY_LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as DisplayLanguage)
    : DEFAULT_DISPLAY_LANGUAGE
}

i18n.load('en', firstScreenMessages)
i18n.activate('en')

/**
 * Switches the display language. A pack that fails to load is logged and the language is left
 * unchanged (the spec's 'Language pack load failure').
 */
export async function activateDisplayLanguage(code: string | null | undefined): Promise<void> {
  const language = resolveDisplayLanguage(code)
  if (language === i18n.locale) return
  try {
    const [, dayjs] = await Promise.all([loadCatalog(language), loadDayjs(language)])
    i18n.activate(language)
    dayjs.locale(language)
    document.documentElement.lang = language
    storage.set('displayLanguage', language)
  } catch (error) {
    console.error(`Could not load the ${language} language pack`, error)
  }
}

/**
 * Every message of the display language. The start-up script holds the signed-out screens'
 * English ones only, so each signed-in page waits for this (or for loadFirstWorkMessages); a failed
 * load shows the route's error page (the whole English catalog is precached, so it does not fail
 * offline).
 */
export function loadAllMessages(): Promise<void> {
  return loadCatalog(currentDisplayLanguage())
}

let firstWorkEnglish: Promise<void> | null = null

/**
 * The messages of the annotator's screens and the signed-in frame: a fifth of the English catalog
 * (scripts/first-screen-catalog.ts), so a phone opening its work downloads less before drawing
 * it. Other display languages come whole, as they are loaded when activated.
 */
export function loadFirstWorkMessages(): Promise<void> {
  const language = currentDisplayLanguage()
  if (language !== 'en' || loadedCatalogs.has('en')) return loadCatalog(language)
  if (!firstWorkEnglish) {
    firstWorkEnglish = import('../../locales/en/messages.po?first-work').then((catalog) =>
      i18n.load('en', catalog.messages),
    )
    firstWorkEnglish.catch(() => {
      firstWorkEnglish = null
    })
  }
  return firstWorkEnglish
}

export function currentDisplayLanguage(): DisplayLanguage {
  return resolveDisplayLanguage(i18n.locale)
}

export { i18n }
