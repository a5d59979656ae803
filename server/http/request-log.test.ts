import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { openTestDatabase, testConfig } from '../test/harness'

type Opened = { close: () => Promise<void> }
let opened: Opened | undefined
afterEach(() => opened?.close())

async function appLoggingAt(logLevel: string) {
  const lines: string[] = []
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({
    config: testConfig({ logLevel }),
    database,
    logger: true,
    logStream: { write: (line) => lines.push(line) },
  })
  await app.ready()
  opened = {
    close: async () => {
      await app.close()
      await drop()
    },
  }
  return { app, lines }
}

describe('request logging', () => {
  it('writes nothing per request at the default level', async () => {
    const { app, lines } = await appLoggingAt('info')
    for (let index = 0; index < 5; index++) {
      expect((await app.inject({ url: '/api/instance-settings/' })).statusCode).toBe(200)
    }
    expect(lines).toEqual([])
  })

  it('writes one short line per request at debug level', async () => {
    const { app, lines } = await appLoggingAt('debug')
    await app.inject({ url: '/api/instance-settings/' })
    const messages = lines.map((line) => JSON.parse(line).msg as string)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/^GET \/api\/instance-settings\/ 200 \d+\.\d ms$/)
  })

  it('writes the path without its query, which may search for an e-mail', async () => {
    const { app, lines } = await appLoggingAt('debug')
    await app.inject({ url: '/api/instance-settings/?search=ada%40example.test' })
    const messages = lines.map((line) => JSON.parse(line).msg as string)
    expect(messages[0]).toMatch(/^GET \/api\/instance-settings\/ 200 /)
    expect(lines.join('\n')).not.toContain('example')
  })
})
