import path from 'node:path'
import type { FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { HttpError } from '../../http/errors'
import { withValues } from '../../http/i18n'
import { removeStoredFile, type StoredFile, storeStream } from './storage'
import type { MediaStore } from './store/media-store'

/** The form fields of a multipart upload and its one file, stored in the media store. */
export type ReceivedUpload = {
  fields: Record<string, string>
  file: (StoredFile & { fileName: string; mimeType: string }) | null
}

export type UploadLimits = {
  maxBytes: number
  /** Extensions (with the dot) the stored file keeps; any other is stored without one. */
  extensions: readonly string[]
}

/**
 * Reads the multipart body, streaming the file straight into media storage (never into memory).
 * A file over the size limit is removed and answered with 413.
 */
export async function receiveUpload(
  request: FastifyRequest,
  media: MediaStore,
  { maxBytes, extensions }: UploadLimits,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'validation_error', msg`Send the upload as multipart/form-data.`)
  }
  const upload: ReceivedUpload = { fields: {}, file: null }
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        throw new HttpError(
          400,
          'validation_error',
          msg`file: send the file in the part named 'file'.`,
          {
            file: [
              withValues(
                msg({ message: "The file must be sent in the part named 'file', not ''{part}''." }),
                { part: part.fieldname },
              ),
            ],
          },
        )
      }
      const extension = path.extname(part.filename).toLowerCase()
      const stored = await storeStream(
        media,
        part.file,
        extensions.includes(extension) ? extension : '',
      )
      upload.file = {
        ...stored,
        fileName: part.filename,
        mimeType: part.mimetype || 'application/octet-stream',
      }
      if (part.file.truncated) {
        throw new HttpError(
          413,
          'payload_too_large',
          withValues(
            msg({ message: 'The file is larger than the limit of {maxBytes, number} bytes.' }),
            {
              maxBytes,
            },
          ),
        )
      }
    }
  } catch (error) {
    if (upload.file) await removeStoredFile(media, upload.file.storageKey)
    throw error
  }
  return upload
}
