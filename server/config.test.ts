import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { databaseTargetFromConfig } from './db/client'

const postgres = 'postgres://crowd@db.example:5432/crowdwork'
const secret = 'a media key secret of 32 chars!!'

describe('database pool size', () => {
  it('defaults to twice the cores and two more', () => {
    const config = loadConfig({ DATABASE_URL: postgres, MEDIA_KEY_SECRET: secret })
    expect(config.databasePoolSize).toBe(2 * os.availableParallelism() + 2)
    expect(databaseTargetFromConfig(config, 'server')).toEqual({
      kind: 'postgres',
      url: postgres,
      poolSize: config.databasePoolSize,
    })
  })

  it('takes DATABASE_POOL_SIZE', () => {
    const config = loadConfig({
      DATABASE_URL: postgres,
      MEDIA_KEY_SECRET: secret,
      DATABASE_POOL_SIZE: '24',
    })
    expect(databaseTargetFromConfig(config, 'server')).toMatchObject({ poolSize: 24 })
  })

  it.each(['0', '-3', 'ten', '2.5'])('refuses DATABASE_POOL_SIZE=%s, naming it', (size) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow(
      `DATABASE_POOL_SIZE=${JSON.stringify(size)}: must be a positive whole number`,
    )
  })
})

describe('media key secret', () => {
  it('is required with DATABASE_URL, and optional on the embedded default', () => {
    expect(() => loadConfig({ DATABASE_URL: postgres })).toThrow(
      'MEDIA_KEY_SECRET: required when DATABASE_URL is set',
    )
    expect(loadConfig({}).mediaKeySecret).toBeNull()
    expect(loadConfig({ MEDIA_KEY_SECRET: secret }).mediaKeySecret).toBe(secret)
  })

  it('refuses a short one, naming it', () => {
    expect(() => loadConfig({ MEDIA_KEY_SECRET: 'short' })).toThrow(
      'MEDIA_KEY_SECRET="short": must be at least 32 characters',
    )
  })
})

describe('public and trusted origins', () => {
  it('default to both loopback names on the port for a loopback or any-address HOST', () => {
    const loopback = ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']
    expect(loadConfig({}).publicOrigins).toEqual(loopback)
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicOrigins).toEqual(
      loopback.map((origin) => origin.replace('8080', '9000')),
    )
  })

  it('default to http on HOST:PORT for any other HOST', () => {
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '80' }).publicOrigins).toEqual(['http://10.0.0.5'])
  })

  it('take PUBLIC_ORIGIN and TRUSTED_ORIGINS, normalized', () => {
    const config = loadConfig({
      PUBLIC_ORIGIN: 'https://Crowd.Example.org:443/',
      TRUSTED_ORIGINS: ' https://a.example.org , http://b.example.org:8000',
    })
    expect(config.publicOrigins).toEqual(['https://crowd.example.org'])
    expect(config.trustedOrigins).toEqual(['https://a.example.org', 'http://b.example.org:8000'])
  })

  it.each([
    ['PUBLIC_ORIGIN', 'crowd.example.org'],
    ['TRUSTED_ORIGINS', 'https://a.example.org,not an origin'],
  ])('refuses %s=%s, naming it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(
      `${key}=${JSON.stringify(value)}: must be origins`,
    )
  })
})

describe('upload and import limits', () => {
  it('default to 512 MiB per ZIP entry, 4 GiB per upload, 100,000 ZIP entries and a 30-second heartbeat', () => {
    const config = loadConfig({})
    expect(config.zipLimits).toEqual({
      entryBytes: 512 * 1024 ** 2,
      totalBytes: 4 * 1024 ** 3,
      maxEntries: 100_000,
    })
    expect(config.importHeartbeatSeconds).toBe(30)
  })

  it('take the environment, refusing a heartbeat under 10 seconds', () => {
    const config = loadConfig({
      UPLOAD_ZIP_ENTRY_MAX_MIB: '64',
      UPLOAD_ZIP_TOTAL_MAX_MIB: '128',
      UPLOAD_ZIP_MAX_ENTRIES: '500',
      IMPORT_HEARTBEAT_SECONDS: '10',
    })
    expect(config.zipLimits).toEqual({
      entryBytes: 64 * 1024 ** 2,
      totalBytes: 128 * 1024 ** 2,
      maxEntries: 500,
    })
    expect(config.importHeartbeatSeconds).toBe(10)
    expect(() => loadConfig({ IMPORT_HEARTBEAT_SECONDS: '5' })).toThrow(
      'IMPORT_HEARTBEAT_SECONDS="5": must be at least 10',
    )
  })
})

describe('single sign-on', () => {
  const provider = { OIDC_ISSUER: 'https://id.example.org', OIDC_CLIENT_ID: 'crowdwork' }

  it('returns to the first public origin', () => {
    const config = loadConfig({
      ...provider,
      OIDC_CLIENT_SECRET: 'secret',
      PUBLIC_ORIGIN: 'https://crowd.example.org, https://crowd.example.net',
    })
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'crowdwork',
      clientSecret: 'secret',
      providerName: 'single sign-on',
      redirectUri: 'https://crowd.example.org/api/auth/oidc/callback/',
      postLogoutRedirectUri: 'https://crowd.example.org/login',
    })
  })

  it('is off without an issuer, and a public client without a secret', () => {
    expect(loadConfig({}).oidc).toBeNull()
    expect(loadConfig({ ...provider, OIDC_CLIENT_SECRET: '' }).oidc?.clientSecret).toBeUndefined()
  })

  it('takes plain http only from a provider on a loopback address', () => {
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
      'http://127.0.0.1:9000',
    )
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://id.example.org' })).toThrow(
      'OIDC_ISSUER="http://id.example.org": must be an https:// URL',
    )
  })
})

describe('media storage', () => {
  const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'crowd-media' }

  it('is the local media folder unless MEDIA_STORAGE=s3', () => {
    expect(loadConfig({}).s3).toBeNull()
    expect(loadConfig({ MEDIA_STORAGE: 'local' }).s3).toBeNull()
  })

  it('reads the bucket settings, path style by default on a server other than AWS', () => {
    expect(loadConfig(s3).s3).toEqual({
      bucket: 'crowd-media',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      prefix: '',
    })
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:3900',
        S3_REGION: 'garage',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'instances/one',
      }).s3,
    ).toEqual({
      bucket: 'crowd-media',
      endpoint: 'http://127.0.0.1:3900',
      region: 'garage',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'instances/one/',
    })
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false' }).s3
        ?.forcePathStyle,
    ).toBe(false)
  })

  it.each([
    [{ MEDIA_STORAGE: 'disk' }, 'MEDIA_STORAGE="disk": must be local or s3'],
    [{ MEDIA_STORAGE: 's3' }, 'S3_BUCKET: required when MEDIA_STORAGE=s3'],
    [{ S3_BUCKET: 'crowd-media' }, 'S3_BUCKET: set while MEDIA_STORAGE is local'],
    [{ ...s3, S3_BUCKET: 'Crowd_Media' }, 'S3_BUCKET="Crowd_Media": must be a bucket name'],
    [
      { ...s3, S3_ENDPOINT: 'ftp://files.example' },
      'S3_ENDPOINT="ftp://files.example": must be an http:// or https:// URL',
    ],
    [{ ...s3, S3_REGION: 'EU West' }, 'S3_REGION="EU West": must be a region name'],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE="maybe": must be true or false'],
    [{ ...s3, S3_PREFIX: '../other' }, 'S3_PREFIX="../other": must be folder names'],
    [{ ...s3, S3_PREFIX: '/abs' }, 'S3_PREFIX="/abs": must be folder names'],
    [
      { ...s3, S3_ACCESS_KEY_ID: 'id' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both, or neither',
    ],
  ])('refuses %o with one line naming the setting', (env, line) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(line)
  })
})
