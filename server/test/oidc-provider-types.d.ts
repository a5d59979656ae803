/** The part of oidc-provider (which ships no types) the test identity provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type Account = { accountId: string; claims: () => Record<string, unknown> }

  export type Configuration = {
    clients: Record<string, unknown>[]
    claims: Record<string, string[]>
    cookies: { keys: string[] }
    ttl: Record<string, number>
    findAccount: (context: unknown, sub: string) => Account | undefined
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
  }
}
