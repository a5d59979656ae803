import fs from 'node:fs'
import type { FastifyRequest } from 'fastify'
import { msg } from '#lingui-message'
import { MAX_PROTOCOL_PDF_BYTES } from '../../../contract/client-definitions'
import { fieldError } from '../../http/errors'
import { mediaFilePath, removeStoredFile, type StoredFile, storeStream } from '../media/storage'

/** A PDF stored under the media directory, not yet recorded in media_objects. */
export type UploadedPdf = StoredFile & { originalName: string }

/** The fields of a protocol write and its PDF, if one came. */
export type ProtocolRequest = { fields: Record<string, unknown>; file: UploadedPdf | null }

const PDF_MAGIC = Buffer.from('%PDF-')

async function startsLikePdf(path: string): Promise<boolean> {
  const handle = await fs.promises.open(path, 'r')
  try {
    const head = Buffer.alloc(PDF_MAGIC.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return bytesRead === head.length && head.equals(PDF_MAGIC)
  } finally {
    await handle.close()
  }
}

/**
 * Reads a protocol write: a JSON body, or a multipart form whose `file` part is streamed to the
 * media directory (at most 50 MB: a larger file fails with 413). The file must say it is a PDF
 * and start like one; what a browser says about a file proves nothing on its own.
 */
export async function readProtocolRequest(
  request: FastifyRequest,
  mediaDir: string,
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
      file = { ...(await storeStream(mediaDir, part.file, '.pdf')), originalName: part.filename }
      if (!(await startsLikePdf(mediaFilePath(mediaDir, file.storageKey)))) {
        throw fieldError('file', msg`The file is not a PDF.`)
      }
    }
  } catch (error) {
    if (file) await removeStoredFile(mediaDir, file.storageKey)
    throw error
  }
  return { fields, file }
}
