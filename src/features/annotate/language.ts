import type { WorkerItemSet } from '../../../contract/worker'
import type { WidgetLanguage } from '../../widgets'

/**
 * The language the set's text widgets type in. Workers write in the task's target language
 * (transcripts, translations), so dictation listens for it and the sign palette offers its
 * diacritic signs. A target language that lists no signs falls back to the base language's:
 * the schema asked for a palette, and the words of the source (names, quotes) are the ones
 * likely to need signs then.
 */
export function widgetLanguage(task: WorkerItemSet['task']): WidgetLanguage {
  const target = task.target_language
  const signs =
    target.diacritic_signs.length > 0 ? target.diacritic_signs : task.base_language.diacritic_signs
  return { code: target.code, signs }
}
