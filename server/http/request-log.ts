import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/** A URL without its query, which may carry a search for a name or an e-mail. */
export const pathOf = (url: string) => url.split('?')[0] ?? url

/**
 * One short line per finished request, at debug level, instead of two JSON records at info for
 * every request: a busy annotation session would otherwise bury the start-up, job and error lines
 * under tens of thousands of request lines. Failed requests keep their error-level record. Lines
 * give the path only, never the query: the log keeps no names, e-mails or searches.
 */
export class ConciseRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) {
      super.requestCompleted(error, request, reply)
      return
    }
    const milliseconds = reply.elapsedTime.toFixed(1)
    reply.log.debug(
      `${request.method} ${pathOf(request.url)} ${reply.statusCode} ${milliseconds} ms`,
    )
  }
}
