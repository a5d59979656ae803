import { LicenseRequestSchema, LicenseSchema } from '../../../contract/media'
import type { AppPlugin } from '../../http/valibot'
import { clearKeyLicense } from './license'

/** The clear-key licence of protected audio (spec section 7, Media). */
export const mediaLicenseRoutes: AppPlugin = async (app) => {
  app.post(
    '/media/encaudio/license/',
    {
      // Refusals too: a cache must never keep an answer about keys.
      onRequest: async (_request, reply) => {
        reply.header('Cache-Control', 'no-store')
      },
      schema: {
        tags: ['media'],
        summary: 'Keys of protected audio',
        description:
          'The W3C clear-key licence: the keys (JSON Web Keys, base64url) of the key ids asked for, when the signed-in user may play that audio now; 403 otherwise. Send the CSRF header.',
        body: LicenseRequestSchema,
        response: { 200: LicenseSchema },
      },
    },
    async (request) => clearKeyLicense(app.db, app.mediaKeys, request.user, request.body),
  )
}
