import { InstanceSettingsSchema, PolicyTextSchema } from '../../../contract/auth'
import type { AppPlugin } from '../../http/valibot'
import { instanceSettings, type PolicyKind, policyText } from './service'

const tags = ['instance']

const policyPaths: Record<PolicyKind, string> = {
  information_clause: '/information-clause/',
  cookie_policy: '/cookie-policy/',
}

/** Public: the login screen and the footer need these before anyone signs in. */
export const instanceRoutes: AppPlugin = async (app) => {
  app.get(
    '/instance-settings/',
    { schema: { tags, response: { 200: InstanceSettingsSchema } } },
    async () => instanceSettings(app.db, app.config),
  )

  for (const [kind, url] of Object.entries(policyPaths) as [PolicyKind, string][]) {
    app.get(
      url,
      { schema: { tags, response: { 200: PolicyTextSchema } } },
      async (_request, reply) => {
        const text = await policyText(app.db, kind)
        // A string reply would go out as text/plain unserialized; the contract wants a JSON string.
        // Never cached, so an edited text is seen at once (the spec asks for no-cache headers).
        return reply
          .header('Cache-Control', 'no-cache, no-store')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(text))
      },
    )
  }
}
