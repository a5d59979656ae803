import { LanguageListSchema } from '../../../contract/auth'
import { requireUser } from '../../http/guards'
import type { AppPlugin } from '../../http/valibot'
import { listLanguages } from './queries'

export const languageRoutes: AppPlugin = async (app) => {
  app.get(
    '/languages/',
    {
      onRequest: requireUser,
      schema: { tags: ['languages'], response: { 200: LanguageListSchema } },
    },
    async () => listLanguages(app.db),
  )
}
