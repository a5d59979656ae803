import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { databaseTargetFromConfig, migrateDatabase, openDatabase } from './db/client'
import { EmbeddedDatabaseBusyError } from './db/embedded-lock'
import { MediaStoreUnavailable, openCheckedMediaStore } from './modules/media/store/open-store'

async function main() {
  const config = loadConfig()
  const media = await openCheckedMediaStore(config)
  const database = await openDatabase(databaseTargetFromConfig(config, 'server'))
  await migrateDatabase(database)
  const app = await buildApp({ config, database, media, logger: true, jobs: true })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down')
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`
  app.log.info(
    `serving the app and API on http://${config.host}:${config.port} (${where}, media in ${media.description})`,
  )
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof EmbeddedDatabaseBusyError ||
    error instanceof MediaStoreUnavailable
  ) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
