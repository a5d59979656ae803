import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { LocalMediaStore } from '../modules/media/store/local-store'
import { type MigrationResult, migrateMedia } from '../modules/media/store/migrate'
import { openCheckedMediaStore } from '../modules/media/store/open-store'
import { CommandError } from './errors'

export const MEDIA_MIGRATE_USAGE = `media-migrate --to s3|local
    Copies every stored file between the local folder (MEDIA_DIR) and the bucket (the S3_*
    settings, with MEDIA_STORAGE=s3), checking each copy's size and SHA-256. Run it again after
    an interruption: what was copied is kept. Stop the servers first, and start them on the new
    store once it is done.`

/** Runs `media-migrate`; `report` is told of every thousandth object and of the end. */
export async function runMediaMigrate(
  args: string[],
  env: NodeJS.ProcessEnv,
  report: (line: string) => void,
): Promise<MigrationResult> {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: { to: { type: 'string' } },
  })
  if (values.to !== 's3' && values.to !== 'local') {
    throw new CommandError('media-migrate: say where to with --to s3 or --to local.')
  }
  const config = loadConfig(env)
  if (!config.s3) {
    throw new CommandError(
      'media-migrate: set MEDIA_STORAGE=s3 and the S3_* settings of the bucket (and MEDIA_DIR of the local folder) for the migration.',
    )
  }
  const bucket = await openCheckedMediaStore(config)
  const local = new LocalMediaStore(config.mediaDir)
  const [from, to] = values.to === 's3' ? [local, bucket] : [bucket, local]
  try {
    let seen = 0
    const result = await migrateMedia(from, to, () => {
      seen += 1
      if (seen % 1000 === 0) report(`${seen} files checked…`)
    })
    report(
      `Copied ${result.copied} file(s) (${result.bytes} bytes) from the ${from.description} to the ${to.description}; ${result.skipped} were there already.`,
    )
    return result
  } finally {
    bucket.close()
  }
}
