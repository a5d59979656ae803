import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { headers: http.IncomingHttpHeaders; body: string }

/**
 * A real HTTP receiver on a loopback port. It answers the given statuses in turn, then 200;
 * `silent` keeps it from answering at all (for timeouts).
 */
export async function startReceiver(statuses: number[] = [], { silent = false } = {}) {
  const received: Received[] = []
  const answers = [...statuses]
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      if (silent) return
      response.statusCode = answers.shift() ?? 200
      response.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Checks a delivery the way a receiver following Standard Webhooks does, written from the
 * scheme's text rather than from the server's signing code: the secret's base64 part is the
 * key, the signed content `id.timestamp.body`, and the header a space-separated list of
 * `v1,<base64>` signatures of which one must match.
 */
export function verifiedByReceiver(secret: string, { headers, body }: Received): boolean {
  const id = headers['webhook-id']
  const timestamp = headers['webhook-timestamp']
  const signatures = headers['webhook-signature']
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false
  }
  const key = Buffer.from(secret.split('_')[1] ?? '', 'base64')
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',')
    const given = Buffer.from(value ?? '', 'base64')
    return (
      version === 'v1' &&
      given.length === expected.length &&
      crypto.timingSafeEqual(given, expected)
    )
  })
}
