import { check, type Diagnostics } from 'recheck'
import { msg } from '#lingui-message'
import type { TaskSchemaDocument } from '../../contract/task-schema'
import { badRequest, type FieldProblems } from '../http/errors'
import { type ApiMessage, withValues } from '../http/i18n'
import { re2Problem } from './re2-patterns'

/** Longest time one pattern's ReDoS analysis may take before the pattern is refused. */
export const REDOS_CHECK_TIMEOUT_MS = 1_000
/** Longest time the analysis of all patterns of one schema save may take together. */
export const REDOS_CHECK_BUDGET_MS = 5_000

/**
 * The ReDoS analysis (recheck) runs in its own process (the native binary from the optional
 * `recheck-linux-x64` package, else a worker thread), so waiting for it never blocks the event
 * loop. Both engines that run patterns are linear, so a flagged pattern could not stall them; the
 * check is a second line that keeps catastrophic patterns out of stored schemas altogether (they
 * would stall any backtracking engine an export or a later consumer might use).
 */
async function redosProblem(
  pattern: string,
  flags: string,
  signal: AbortSignal,
): Promise<ApiMessage | null> {
  const unicodeFlags = flags.includes('u') ? flags : `${flags}u`
  let diagnostics: Diagnostics
  try {
    diagnostics = await check(pattern, unicodeFlags, { timeout: REDOS_CHECK_TIMEOUT_MS, signal })
  } catch {
    return msg`could not be checked for catastrophic backtracking; try again.`
  }
  if (diagnostics.status === 'vulnerable') {
    const example = diagnostics.attack.pattern
    return withValues(
      msg({
        message:
          'can take {complexity} time on texts such as {example}; rewrite it without overlapping repeats.',
      }),
      { complexity: diagnostics.complexity.type, example },
    )
  }
  const kind = diagnostics.status === 'unknown' ? diagnostics.error.kind : null
  if (kind === 'timeout' || kind === 'cancel') {
    return msg`is too complex to check for catastrophic backtracking in time; simplify it.`
  }
  // Safe, or a construct recheck does not model: both run-time engines compiled it and are linear.
  return null
}

/**
 * Refuses a schema whose regex validators RE2 cannot run or a ReDoS checker flags, with one
 * message per validator under `<prefix>.validators.<n>.pattern`. Every path that stores a schema
 * document calls this before writing.
 */
export async function assertSafePatterns(
  document: Pick<TaskSchemaDocument, 'validators'>,
  prefix = 'schema',
): Promise<void> {
  const fields: FieldProblems = {}
  const signal = AbortSignal.timeout(REDOS_CHECK_BUDGET_MS)
  for (const [index, rule] of document.validators.entries()) {
    if (rule.type !== 'regex') continue
    const validator = { number: index + 1, field: rule.field }
    const unsupported = re2Problem(rule.pattern, rule.flags)
    const reason = unsupported ?? (await redosProblem(rule.pattern, rule.flags, signal))
    if (reason) {
      const problem = unsupported
        ? msg({ message: 'Validator {number} (regex on {field}) cannot run in RE2: {reason}' })
        : msg({ message: 'Validator {number} (regex on {field}) {reason}' })
      fields[`${prefix}.validators.${index}.pattern`] = [
        withValues(problem, { ...validator, reason }),
      ]
    }
  }
  const problems = Object.values(fields).flat()
  if (problems.length > 0) {
    const [first] = problems
    throw badRequest(
      problems.length === 1 && first
        ? first
        : withValues(
            msg({
              message:
                '{count, plural, one {# regex validator cannot be used.} other {# regex validators cannot be used.}}',
            }),
            { count: problems.length },
          ),
      fields,
    )
  }
}
