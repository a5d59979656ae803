import type { AppConfig } from '../../../config'
import { LocalMediaStore } from './local-store'
import type { MediaStore } from './media-store'
import { S3MediaStore } from './s3-store'

/** The store MEDIA_STORAGE names. */
export function openMediaStore(config: Pick<AppConfig, 'mediaDir' | 's3'>): MediaStore {
  return config.s3 ? new S3MediaStore(config.s3) : new LocalMediaStore(config.mediaDir)
}

export class MediaStoreUnavailable extends Error {}

/** The store MEDIA_STORAGE names, once it has answered; refuses with one line otherwise. */
export async function openCheckedMediaStore(
  config: Pick<AppConfig, 'mediaDir' | 's3'>,
): Promise<MediaStore> {
  const store = openMediaStore(config)
  try {
    await store.check()
  } catch (error) {
    store.close()
    const reason = error instanceof Error ? error.message : String(error)
    throw new MediaStoreUnavailable(`Media storage unavailable: ${reason}`)
  }
  return store
}
