/** An error as the log keeps it. */
export type LoggedError = {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

/**
 * How errors are written to the log. Only what says what failed and where is kept (type,
 * message, stack, code, cause): a failed statement's parameters, and a database error's detail
 * (`Key (email)=(...) already exists`), would otherwise put e-mails, names and other values from
 * requests into the log.
 */
export function errorForLog(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  // drizzle's DrizzleQueryError ends its message with the statement's parameters.
  const message = error.message.replace(/\nparams: [\s\S]*$/, '\nparams: (not logged)')
  const code = (error as { code?: unknown }).code
  return {
    type: error.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.cause === undefined ? {} : { cause: errorForLog(error.cause) }),
  }
}

export const LOG_SERIALIZERS = { err: errorForLog }
