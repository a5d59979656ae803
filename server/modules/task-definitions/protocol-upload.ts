import type { FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { MAX_PROTOCOL_PDF_BYTES } from '../../../contract/client-definitions'
import { fieldError } from '../../http/errors'
import { readStoredBytes, removeStoredFile, type StoredFile, storeStream } from '../media/storage'
import type { MediaStore } from '../media/store/media-store'

/** A PDF in the media store, not yet recorded in media_objects. */
export type UploadedPdf = StoredFile & { originalName: string }

/** The fields of a protocol write and its PDF, if one came. */
export type ProtocolRequest = { fields: Record<string, unknown>; file: UploadedPdf | null }

const PDF_MAGIC = Buffer.from('%PDF-')

async function startsLikePdf(media: MediaStore, storageKey: string): Promise<boolean> {
  const head = await readStoredBytes(media, storageKey, PDF_MAGIC.length)
  return head?.equals(PDF_MAGIC) ?? false
}

/**
 * Reads a protocol write: a JSON body, or a multipart form whose `file` part is streamed to the
 * media store (at most 50 MB: a larger file fails with 413). The file must say it is a PDF
 * and start like one; what a browser says about a file proves nothing on its own.
 */
export async function readProtocolRequest(
  request: FastifyRequest,
  media: MediaStore,
): Promise<ProtocolRequest> {
  if (!request.isMultipart()) {
    const body = request.body
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
    return { fields, file: null }
  }
  const fields: Record<string, unknown> = {}
  let file: UploadedPdf | null = null
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PROTOCOL_PDF_BYTES } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value
        continue
      }
      if (part.fieldname !== 'file' || part.mimetype !== 'application/pdf') {
        part.file.resume()
        throw fieldError(
          'file',
          msg`Upload the protocol as a PDF (application/pdf) in the field file.`,
        )
      }
      file = { ...(await storeStream(media, part.file, '.pdf')), originalName: part.filename }
      if (!(await startsLikePdf(media, file.storageKey))) {
        throw fieldError('file', msg`The file is not a PDF.`)
      }
    }
  } catch (error) {
    if (file) await removeStoredFile(media, file.storageKey)
    throw error
  }
  return { fields, file }
}
