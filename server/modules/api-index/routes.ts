import { ApiIndexSchema } from '../../../contract/api-index'
import type { AppPlugin } from '../../http/valibot'
import { apiIndex, apiIndexPage, prefersHtml } from './service'

/**
 * `GET /api/`: what the footer's API link opens. Public, like the documentation it points to:
 * JSON for programs, a small page for a browser (chosen by the Accept header).
 */
export const apiIndexRoutes: AppPlugin = async (app) => {
  app.get(
    '/',
    {
      // Registered as /api/ only, as the documentation shows it (/api answers too: trailing
      // slashes are ignored).
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['instance'],
        summary: 'The API’s name, version and documentation links (an HTML page for a browser)',
        response: { 200: ApiIndexSchema },
      },
    },
    async (request, reply) => {
      const index = apiIndex()
      reply.header('Vary', 'Accept')
      if (!prefersHtml(request.headers.accept)) return index
      // A string body of a type other than JSON goes out as it is, past the JSON serializer
      // (whose type the reply's body is checked against).
      return reply.type('text/html; charset=utf-8').send(apiIndexPage(index) as never)
    },
  )
}
