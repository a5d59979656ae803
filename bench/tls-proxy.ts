/**
 * A TLS-terminating reverse proxy speaking HTTP/2 (and HTTP/1.1 to clients without it), in front
 * of the product on plain HTTP: how a deployment serves it (the PWA needs HTTPS for its service
 * worker, and HTTPS front ends speak HTTP/2). The Lighthouse benchmark measures through it; the
 * product runs with TRUST_PROXY, as behind any such proxy.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import path from 'node:path'

/** Connection-level headers, which belong to one hop, and the host, which is set from the client's. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
])

const forwardable = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  )

/** A self-signed certificate for 127.0.0.1, made with Debian's openssl in `folder`. */
export function selfSignedCertificate(folder: string): { key: Buffer; cert: Buffer } {
  const key = path.join(folder, 'key.pem')
  const cert = path.join(folder, 'cert.pem')
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`)
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) }
}

/** Listens on `port` over TLS and forwards every request to the product on `upstreamPort`. */
export async function startTlsProxy({
  port,
  upstreamPort,
  certificate,
}: {
  port: number
  upstreamPort: number
  certificate: { key: Buffer; cert: Buffer }
}): Promise<http2.Http2SecureServer> {
  const proxy = http2.createSecureServer({ ...certificate, allowHTTP1: true }, (request, reply) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers: {
          ...forwardable(request.headers),
          host: request.headers[':authority'] ?? request.headers.host,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
        },
      },
      (answer) => {
        reply.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
        answer.pipe(reply)
      },
    )
    upstream.on('error', () => {
      if (!reply.headersSent) reply.writeHead(502)
      reply.end()
    })
    request.pipe(upstream)
  })
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject)
    proxy.listen(port, '127.0.0.1', resolve)
  })
  return proxy
}
