import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'
import { databaseTargetFromConfig } from './db/client'

const postgres = 'postgres://crowd@db.example:5432/crowdwork'

describe('database pool size', () => {
  it('defaults to twice the cores and two more', () => {
    const config = loadConfig({ DATABASE_URL: postgres })
    expect(config.databasePoolSize).toBe(2 * os.availableParallelism() + 2)
    expect(databaseTargetFromConfig(config, 'server')).toEqual({
      kind: 'postgres',
      url: postgres,
      poolSize: config.databasePoolSize,
    })
  })

  it('takes DATABASE_POOL_SIZE', () => {
    const config = loadConfig({ DATABASE_URL: postgres, DATABASE_POOL_SIZE: '24' })
    expect(databaseTargetFromConfig(config, 'server')).toMatchObject({ poolSize: 24 })
  })

  it.each(['0', '-3', 'ten', '2.5'])('refuses DATABASE_POOL_SIZE=%s, naming it', (size) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow(ConfigError)
    expect(() => loadConfig({ DATABASE_POOL_SIZE: size })).toThrow(
      `DATABASE_POOL_SIZE=${JSON.stringify(size)}: must be a positive whole number`,
    )
  })
})
