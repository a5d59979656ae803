import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { API_BASE } from '../../contract/constants'

type Directives = Record<string, string[]>

/**
 * What the PWA needs and no more: its own scripts (Vite emits no inline script), workers from its
 * own origin (the service worker, the pdf.js worker), Mantine's and Swagger UI's inline styles,
 * recordings and images shown from blob: object URLs and data: URLs, and requests to itself.
 * Nothing may be embedded from elsewhere, nor frame the pages (clickjacking).
 */
const APP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'data:', 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  // The app's own /swagger page frames the API documentation.
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_DIRECTIVES },
  xFrameOptions: { action: 'deny' },
  // Same-origin requests keep their Referer (the CSRF check falls back on it); others get none.
  referrerPolicy: { policy: 'same-origin' },
}

/** The API documentation is shown inside the app's /swagger page, so the app may frame it. */
const FRAMED_BY_THE_APP: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...APP_DIRECTIVES, 'frame-ancestors': ["'self'"] },
  },
  xFrameOptions: { action: 'sameorigin' },
}

/** For the routes of the API documentation (Swagger UI's `uiHooks`). */
export async function allowFramingByTheApp(_request: unknown, reply: FastifyReply): Promise<void> {
  reply.helmet(FRAMED_BY_THE_APP)
}

const isApi = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`)

/**
 * Security headers on every answer, errors and files included (helmet sets them on the raw
 * response as the request arrives, before any handler can fail). API answers are personal, so
 * none is kept in a shared or disk cache unless its route says otherwise (media files and
 * downloads set their own Cache-Control, which the service worker relies on).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, HELMET_OPTIONS)
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store')
    }
  })
}
