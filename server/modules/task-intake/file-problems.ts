import { type ApiMessage, inEnglish } from '../../http/i18n'

/**
 * Problems with the file as a whole (its format, the make-up of a ZIP); `tooLarge` when a ZIP
 * inflates past a limit (413).
 */
export class FileProblems extends Error {
  constructor(
    readonly problems: ApiMessage[],
    readonly tooLarge = false,
  ) {
    super(problems.map(inEnglish).join(' '))
  }
}
