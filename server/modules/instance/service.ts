import { readFile } from 'node:fs/promises'
import type { InstanceSettings } from '../../../contract/auth'
import packageJson from '../../../package.json' with { type: 'json' }
import type { AppConfig } from '../../config'
import type { Db } from '../../db/client'
import { findSetting } from './queries'

export async function instanceSettings(db: Db, config: AppConfig): Promise<InstanceSettings> {
  const stored = await findSetting(db, 'public_instance')
  return {
    public_instance: typeof stored === 'boolean' ? stored : config.publicInstance,
    backend_version: packageJson.version,
    sso_enabled: config.oidc !== null,
    sso_provider_name: config.oidc?.providerName ?? null,
  }
}

export type PolicyKind = 'information_clause' | 'cookie_policy'

const defaultTextFiles: Record<PolicyKind, URL> = {
  information_clause: new URL('./texts/information-clause.md', import.meta.url),
  cookie_policy: new URL('./texts/cookie-policy.md', import.meta.url),
}

/** The Markdown text staff stored under the kind's key, else the one shipped with the product. */
export async function policyText(db: Db, kind: PolicyKind): Promise<string> {
  const stored = await findSetting(db, kind)
  if (typeof stored === 'string' && stored.trim() !== '') return stored
  return readFile(defaultTextFiles[kind], 'utf8')
}
