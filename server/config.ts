import os from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import type { S3Settings } from './modules/media/store/s3-store'

const booleanFlag = v.pipe(
  v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
)

const port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1, 'must be between 1 and 65535'),
  v.maxValue(65535, 'must be between 1 and 65535'),
)

const positiveInteger = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d*$/, 'must be a positive whole number'),
  v.transform(Number),
)

/** The origin of a URL (scheme, host, port; default ports dropped), or null when it has none. */
export function originOf(url: string): string | null {
  if (!URL.canParse(url)) return null
  const origin = new URL(url).origin
  return origin === 'null' ? null : origin
}

const originList = v.pipe(
  v.string(),
  v.transform((list) =>
    list
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ),
  v.check(
    (origins) => origins.every((origin) => originOf(origin) !== null),
    'must be origins such as https://crowd.example.org, comma-separated',
  ),
  v.transform((origins) => origins.map((origin) => originOf(origin) as string)),
)

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['production', 'development', 'test']), 'production'),
  PORT: v.optional(port, '8080'),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  /** Where uploaded and generated files live; defaults to `<DATA_DIR>/media`. */
  MEDIA_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
  /** Where stored files live: the local media folder, or an S3-compatible bucket. */
  MEDIA_STORAGE: v.optional(v.picklist(['local', 's3'], 'must be local or s3'), 'local'),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
      ),
    ),
  ),
  /** Empty for AWS S3; the URL of any other S3-compatible server. */
  S3_ENDPOINT: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (url) => url === '' || (/^https?:\/\/[^/]/.test(url) && URL.canParse(url)),
        'must be an http:// or https:// URL, or empty for AWS',
      ),
    ),
    '',
  ),
  S3_REGION: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')),
    'us-east-1',
  ),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  /** Bucket in the path instead of the host name; most servers other than AWS want it. */
  S3_FORCE_PATH_STYLE: v.optional(booleanFlag),
  /** Put before every key, so several instances may share a bucket. */
  S3_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (prefix) =>
          prefix === '' ||
          prefix
            .replace(/\/$/, '')
            .split('/')
            .every((name) => /^[A-Za-z0-9._-]+$/.test(name) && name !== '.' && name !== '..'),
        'must be folder names of letters, digits, dots, hyphens and underscores separated by /, such as crowdwork/',
      ),
    ),
    '',
  ),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://'),
    ),
  ),
  /**
   * The secret protected audio's content keys are stored encrypted with (at least 32
   * characters); required with DATABASE_URL, generated into the data folder otherwise.
   */
  MEDIA_KEY_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)'),
    ),
  ),
  /** Connections to PostgreSQL the server keeps at most (defaultPoolSize). */
  DATABASE_POOL_SIZE: v.optional(positiveInteger),
  /** Shown as the 'Public instance!' marker: only for non-sensitive data. */
  PUBLIC_INSTANCE: v.optional(booleanFlag, 'true'),
  /**
   * The origin(s) browsers reach this server at (comma-separated), e.g. https://crowd.example.org
   * behind a proxy; defaults to http://HOST:PORT (both loopback names on a loopback HOST).
   */
  PUBLIC_ORIGIN: v.optional(originList),
  /** Origins besides the server's own that may make unsafe requests (comma-separated). */
  TRUSTED_ORIGINS: v.optional(originList, ''),
  SESSION_TTL_HOURS: v.optional(positiveInteger, '336'),
  /** Set when a reverse proxy terminates TLS, so client addresses and HTTPS are read from it. */
  TRUST_PROXY: v.optional(booleanFlag, 'false'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: v.optional(positiveInteger, '5'),
  LOGIN_MAX_FAILURES_PER_ADDRESS: v.optional(positiveInteger, '20'),
  LOGIN_FAILURE_WINDOW_MINUTES: v.optional(positiveInteger, '15'),
  /** Calls one personal API token may make a minute; more answer 429 until the minute is over. */
  API_TOKEN_RATE_PER_MINUTE: v.optional(positiveInteger, '600'),
  OIDC_ISSUER: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  OIDC_CLIENT_ID: v.optional(v.string()),
  OIDC_CLIENT_SECRET: v.optional(v.string()),
  OIDC_PROVIDER_NAME: v.optional(v.string(), 'single sign-on'),
  LOG_LEVEL: v.optional(
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  /** What one file taken from an uploaded ZIP may inflate to (the data file or a media file). */
  UPLOAD_ZIP_ENTRY_MAX_MIB: v.optional(positiveInteger, '512'),
  /** What all files taken from one uploaded ZIP may inflate to together. */
  UPLOAD_ZIP_TOTAL_MAX_MIB: v.optional(positiveInteger, '4096'),
  /**
   * Entries an uploaded ZIP may hold (files and folders): its directory is kept in memory while
   * it is read, about 1 KiB an entry.
   */
  UPLOAD_ZIP_MAX_ENTRIES: v.optional(positiveInteger, '100000'),
  /**
   * How often a running import tells the job queue it is alive; an import silent for this long
   * (its server was killed) is started again, and after the third start recorded as failed.
   */
  IMPORT_HEARTBEAT_SECONDS: v.optional(
    v.pipe(positiveInteger, v.minValue(10, 'must be at least 10')),
    '30',
  ),
  /**
   * Lets webhooks call plain http:// URLs and private, loopback or link-local addresses: for tests
   * and receivers on the premises' own network. Off, only https:// to public addresses is called.
   */
  WEBHOOK_ALLOW_PRIVATE: v.optional(booleanFlag, 'false'),
})

export type AppConfig = {
  env: 'production' | 'development' | 'test'
  port: number
  host: string
  dataDir: string
  /** The local media folder (MEDIA_STORAGE=local). */
  mediaDir: string
  /** The bucket stored files go to instead of the local folder (MEDIA_STORAGE=s3). */
  s3: S3Settings | null
  databaseUrl: string | undefined
  databasePoolSize: number
  /** MEDIA_KEY_SECRET; null on the embedded default without it (the data folder keeps one). */
  mediaKeySecret: string | null
  publicInstance: boolean
  /** Where browsers reach this server (normalized origins): unsafe requests may come from them. */
  publicOrigins: string[]
  /** Other origins whose pages may make unsafe requests (normalized). */
  trustedOrigins: string[]
  sessionTtlHours: number
  trustProxy: boolean
  loginLimits: { perAccount: number; perAddress: number; windowMinutes: number }
  apiTokenRatePerMinute: number
  oidc: OidcConfig | null
  logLevel: string
  /**
   * Bytes the files taken from an uploaded ZIP may inflate to (each, and all together), and the
   * entries it may hold.
   */
  zipLimits: { entryBytes: number; totalBytes: number; maxEntries: number }
  importHeartbeatSeconds: number
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may call http:// and private addresses. */
  webhookAllowPrivate: boolean
  /** Where the built PWA lives; null when the server runs without it (tests). */
  staticDir: string | null
}

export type OidcConfig = {
  issuer: string
  clientId: string
  /** Absent for a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined
  providerName: string
  /** Where the provider sends the browser back to: the first public origin's callback. */
  redirectUri: string
  /** Where the provider sends the browser after ending its session. */
  postLogoutRedirectUri: string
}

/** The provider's return path on this server (registered with the provider as redirect URI). */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback/'

export class ConfigError extends Error {}

const MIB = 1024 ** 2

/**
 * Twice the machine's cores and two more, PostgreSQL's usual rule for a busy pool: requests past
 * it wait in the pool instead of in the database, where more backends than cores fighting over
 * the same pages and locks make every statement slower (the annotation saves at 20 connections
 * on 2 cores did a fifth to a third less than at 6; bench/save-throughput.ts).
 */
export function defaultPoolSize(): number {
  return 2 * os.availableParallelism() + 2
}

const LOOPBACK_OR_ANY_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'])

/**
 * Where the server is reached when PUBLIC_ORIGIN is not set: plain HTTP on HOST:PORT. On a loopback
 * or any-address HOST that is each loopback name (a browser on the machine may use any of them);
 * from elsewhere, or behind a proxy, the operator names the origin in PUBLIC_ORIGIN.
 */
function defaultPublicOrigins(host: string, port: number): string[] {
  const hosts = LOOPBACK_OR_ANY_HOSTS.has(host)
    ? ['127.0.0.1', 'localhost', '[::1]']
    : [host.includes(':') ? `[${host}]` : host]
  return hosts.flatMap((name) => originOf(`http://${name}:${port}`) ?? [])
}

/** Single-sign-on settings with the return addresses on the server's (first) public origin. */
export function oidcConfig({
  publicOrigin,
  ...provider
}: Omit<OidcConfig, 'redirectUri' | 'postLogoutRedirectUri'> & { publicOrigin: string }) {
  return {
    ...provider,
    redirectUri: `${publicOrigin}${OIDC_CALLBACK_PATH}`,
    postLogoutRedirectUri: `${publicOrigin}/login`,
  }
}

/** Tokens and claims must not cross the network in the clear; a provider on the machine may. */
function isSecureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return protocol === 'https:' || LOOPBACK_HOSTS.has(hostname)
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Reads the environment, failing with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = v.safeParse(EnvSchema, env)
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => {
      const key = v.getDotPath(issue) ?? 'environment'
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.output
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set',
    )
  }
  if (e.OIDC_ISSUER && !isSecureOrLoopback(e.OIDC_ISSUER)) {
    throw new ConfigError(
      `Invalid configuration:\n  OIDC_ISSUER=${JSON.stringify(e.OIDC_ISSUER)}: must be an https:// URL (plain http only on a loopback address)`,
    )
  }
  if (e.DATABASE_URL && !e.MEDIA_KEY_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_KEY_SECRET: required when DATABASE_URL is set (every server must wrap the protected audio keys with the same secret; make one with openssl rand -base64 32 and keep it safe)',
    )
  }
  const s3 = s3Settings(e)
  const publicOrigins =
    e.PUBLIC_ORIGIN && e.PUBLIC_ORIGIN.length > 0
      ? e.PUBLIC_ORIGIN
      : defaultPublicOrigins(e.HOST, e.PORT)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
    s3,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(),
    mediaKeySecret: e.MEDIA_KEY_SECRET ?? null,
    publicInstance: e.PUBLIC_INSTANCE,
    publicOrigins,
    trustedOrigins: e.TRUSTED_ORIGINS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    apiTokenRatePerMinute: e.API_TOKEN_RATE_PER_MINUTE,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? oidcConfig({
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET || undefined,
            providerName: e.OIDC_PROVIDER_NAME,
            publicOrigin: publicOrigins[0] as string,
          })
        : null,
    logLevel: e.LOG_LEVEL,
    zipLimits: {
      entryBytes: e.UPLOAD_ZIP_ENTRY_MAX_MIB * MIB,
      totalBytes: e.UPLOAD_ZIP_TOTAL_MAX_MIB * MIB,
      maxEntries: e.UPLOAD_ZIP_MAX_ENTRIES,
    },
    importHeartbeatSeconds: e.IMPORT_HEARTBEAT_SECONDS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    staticDir: path.resolve('dist'),
  }
}

/** The bucket's settings for MEDIA_STORAGE=s3, refusing what cannot work; null for local. */
function s3Settings(e: v.InferOutput<typeof EnvSchema>): S3Settings | null {
  const refuse = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`)
  }
  if (e.MEDIA_STORAGE === 'local') {
    if (e.S3_BUCKET)
      refuse(
        'S3_BUCKET: set while MEDIA_STORAGE is local (set MEDIA_STORAGE=s3 to use the bucket, or remove S3_BUCKET)',
      )
    return null
  }
  if (!e.S3_BUCKET) return refuse('S3_BUCKET: required when MEDIA_STORAGE=s3')
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    refuse(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both, or neither to use the SDK's usual credentials (environment, profile, instance role)",
    )
  }
  const prefix = e.S3_PREFIX === '' || e.S3_PREFIX.endsWith('/') ? e.S3_PREFIX : `${e.S3_PREFIX}/`
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT || undefined,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    // Servers other than AWS are mostly reached by path; AWS by the bucket's host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    prefix,
  }
}
