import * as v from 'valibot'
import { CSRF_HEADER } from '../../contract/constants'
import { currentDisplayLanguage } from '../i18n/i18n'
import { ApiError, buildUrl, ensureCsrfToken, readError, reportApiError } from './client'

export type UploadProgress = {
  /** 0 to 100. */
  percent: number
  /** Since the upload started. */
  elapsedMs: number
}

export type UploadOptions = {
  onProgress: (progress: UploadProgress) => void
  signal: AbortSignal
}

/** The forms show these themselves: the listed problems of the file, and a file over the limit. */
const HANDLED_STATUSES = [400, 413]

/**
 * POSTs an upload form. fetch cannot report how much of a request body has been sent, so this
 * uses XMLHttpRequest, with the same headers and error handling as the API client.
 */
export async function uploadWithProgress<TSchema extends v.GenericSchema>(
  path: string,
  form: FormData,
  schema: TSchema,
  { onProgress, signal }: UploadOptions,
): Promise<v.InferOutput<TSchema>> {
  const csrfToken = await ensureCsrfToken()
  signal.throwIfAborted()
  const request = new XMLHttpRequest()
  const startedAt = Date.now()

  const answer = new Promise<{ status: number; statusText: string; body: string }>(
    (resolve, reject) => {
      request.upload.addEventListener('progress', (event) => {
        if (!event.lengthComputable || event.total === 0) return
        onProgress({
          percent: (event.loaded / event.total) * 100,
          elapsedMs: Date.now() - startedAt,
        })
      })
      request.addEventListener('load', () =>
        resolve({
          status: request.status,
          statusText: request.statusText,
          body: request.responseText,
        }),
      )
      request.addEventListener('error', () =>
        reject(new ApiError(0, 'network_error', 'The upload was interrupted.')),
      )
      request.addEventListener('abort', () => reject(signal.reason))
      signal.addEventListener('abort', () => request.abort(), { once: true })
    },
  )
  request.open('POST', buildUrl(path))
  request.setRequestHeader('Accept', 'application/json')
  request.setRequestHeader('Accept-Language', currentDisplayLanguage())
  request.setRequestHeader(CSRF_HEADER, csrfToken)
  request.send(form)

  const { status, statusText, body } = await answer
  if (status < 200 || status >= 300) {
    const failure = await readError(new Response(body, { status, statusText }))
    reportApiError(failure, { method: 'POST', path }, HANDLED_STATUSES)
    throw failure
  }
  const parsed = v.safeParse(schema, JSON.parse(body))
  if (!parsed.success)
    throw new ApiError(status, 'invalid_response', `Unexpected answer from ${path}`)
  return parsed.output
}
