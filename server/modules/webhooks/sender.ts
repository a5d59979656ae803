import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { ResolvedAddress } from './address-rules'

export const DELIVERY_TIMEOUT_MS = 10_000

export type SendRequest = {
  url: URL
  /** The checked address the connection must go to. */
  target: ResolvedAddress
  headers: Record<string, string>
  body: string
  timeoutMs: number
}
/** The receiver's status; throws when no answer came. Tests inject their own. */
export type Sender = (request: SendRequest) => Promise<number>

/**
 * POSTs the body to the URL, connecting to the given address whatever DNS says now (the host
 * name still goes into the Host header and TLS's server name, so certificates are checked as
 * usual). Redirects are not followed: a 3xx counts as a failed attempt. The answer's body is
 * read and dropped.
 */
export const httpSender: Sender = ({ url, target, headers, body, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }])
      else callback(null, target.address, target.family)
    }
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      signal: AbortSignal.timeout(timeoutMs),
    })
    request.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
