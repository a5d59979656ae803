import { check, type Diagnostics } from 'recheck'
import type { TaskSchemaDocument } from '../../contract/task-schema'
import { badRequest } from '../http/errors'
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
async function redosProblem(pattern: string, flags: string, signal: AbortSignal) {
  const unicodeFlags = flags.includes('u') ? flags : `${flags}u`
  let diagnostics: Diagnostics
  try {
    diagnostics = await check(pattern, unicodeFlags, { timeout: REDOS_CHECK_TIMEOUT_MS, signal })
  } catch {
    return 'could not be checked for catastrophic backtracking; try again.'
  }
  if (diagnostics.status === 'vulnerable') {
    const example = diagnostics.attack.pattern
    return `can take ${diagnostics.complexity.type} time on texts such as ${example}; rewrite it without overlapping repeats.`
  }
  const kind = diagnostics.status === 'unknown' ? diagnostics.error.kind : null
  if (kind === 'timeout' || kind === 'cancel') {
    return 'is too complex to check for catastrophic backtracking in time; simplify it.'
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
  const fields: Record<string, string[]> = {}
  const signal = AbortSignal.timeout(REDOS_CHECK_BUDGET_MS)
  for (const [index, rule] of document.validators.entries()) {
    if (rule.type !== 'regex') continue
    const name = `Validator ${index + 1} (regex on ${rule.field})`
    const unsupported = re2Problem(rule.pattern, rule.flags)
    const problem = unsupported
      ? `${name} cannot run in RE2: ${unsupported}`
      : await redosProblem(rule.pattern, rule.flags, signal).then(
          (reason) => reason && `${name} ${reason}`,
        )
    if (problem) fields[`${prefix}.validators.${index}.pattern`] = [problem]
  }
  const messages = Object.values(fields).flat()
  if (messages.length > 0) throw badRequest(messages.join(' '), fields)
}
