import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyInstance,
  type FastifyLoggerOptions,
  type RouteOptions,
} from 'fastify'
import { msg } from '#lingui-message'
import { API_BASE, API_DOCS_PATH, API_SCHEMA_PATH, SESSION_COOKIE } from '../contract/constants'
import { FIRST_WORK_HTML, isFirstWorkPage } from '../contract/first-work-pages'
import type { AppConfig } from './config'
import type { DatabaseHandle } from './db/client'
import { API_DOCS_THEME, API_DOCS_UI_CONFIG } from './http/api-docs-theme'
import './http/augment'
import { errorHandler, notFound } from './http/errors'
import { registerJsonBodyParser } from './http/json-body'
import { LOG_SERIALIZERS } from './http/log-serializers'
import { ConciseRequestLog } from './http/request-log'
import { allowFramingByTheApp, registerSecurityHeaders } from './http/security-headers'
import { registerSessions } from './http/session'
import {
  openApiTransform,
  type ValibotTypeProvider,
  valibotSerializerCompiler,
  valibotValidatorCompiler,
} from './http/valibot'
import { startJobQueue } from './jobs/queue'
import { apiModules } from './modules'
import { ContentKeyStore, mediaKeySecret } from './modules/media/protection/key-store'
import type { MediaStore } from './modules/media/store/media-store'
import { openMediaStore } from './modules/media/store/open-store'

const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\b/

export type BuildAppOptions = {
  config: AppConfig
  database: DatabaseHandle
  logger?: boolean
  /** Where log records go (standard output unless given); tests read them from here. */
  logStream?: { write(line: string): void }
  /** Start the background job queue (pg-boss) with the app; tests that need jobs turn it on. */
  jobs?: boolean
  /** Told of every route as it is registered (tests that walk every route use it). */
  observeRoutes?: (route: RouteOptions) => void
  /** Where stored files live; opened from the configuration (unchecked) when not given. */
  media?: MediaStore
}

export async function buildApp({
  config,
  database,
  logger = false,
  logStream,
  jobs = false,
  observeRoutes,
  media = openMediaStore(config),
}: BuildAppOptions) {
  const loggerOptions: FastifyLoggerOptions | false = logger
    ? {
        level: config.logLevel,
        serializers: LOG_SERIALIZERS,
        ...(logStream && { stream: logStream }),
      }
    : false
  const app = Fastify({
    logger: loggerOptions,
    logController: new ConciseRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Every route answers with and without its trailing slash, as clients of the API expect.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ValibotTypeProvider>()
  if (observeRoutes) app.addHook('onRoute', observeRoutes)

  app.decorate('config', config)
  app.decorate('database', { getter: () => database })
  app.decorate('db', database.db)
  app.decorate('media', media)
  app.decorate('mediaKeys', new ContentKeyStore(mediaKeySecret(config)))
  app.decorateRequest('user', null)
  app.addHook('onClose', () => media.close())
  const jobQueue = jobs ? await startJobQueue(database, config, media, app.log) : null
  app.decorate('jobs', { getter: () => jobQueue })
  if (jobQueue) app.addHook('onClose', () => jobQueue.stop())
  app.setValidatorCompiler(valibotValidatorCompiler)
  app.setSerializerCompiler(valibotSerializerCompiler(config.env !== 'production'))
  app.setErrorHandler(errorHandler)
  registerJsonBodyParser(app)

  await registerSecurityHeaders(app)
  // JSON answers are compressed as they go out; the PWA's files are compressed at build time
  // (scripts/precompress.ts) and picked by the static file server below.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: JSON_CONTENT_TYPE,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await app.register(cookie)
  // Uploads are streamed to disk by the modules that take them; one file per request.
  await app.register(multipart, {
    limits: { files: 1, fileSize: 10 * 1024 * 1024 * 1024, fields: 20 },
  })
  registerSessions(app)
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Crowdwork API',
        description: 'Offline-first crowd-work and data-annotation platform',
        version: process.env.npm_package_version ?? 'unknown',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (Settings → API tokens), sent as `Authorization: Bearer <token>`: no cookie or CSRF header.',
          },
        },
      },
      // Every call takes either a session (cookie, with the CSRF header on unsafe methods) or a token.
      security: [{ session: [], csrf: [] }, { bearer: [] }],
    },
    transform: openApiTransform as never,
  })
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: API_DOCS_THEME,
    uiConfig: API_DOCS_UI_CONFIG,
    uiHooks: { onRequest: allowFramingByTheApp },
  })
  app.get(API_SCHEMA_PATH, { schema: { hide: true } }, async () => app.swagger())

  for (const module of apiModules) {
    await app.register(module, { prefix: API_BASE })
  }

  await registerStaticPwa(app, config)
  return app
}

/**
 * Serves the built PWA with a history-mode fallback: any GET outside /api that is not a file
 * answers index.html (or, for a signed-in annotator's screen, FIRST_WORK_HTML), so deep links
 * work. Files go out brotli- or gzip-compressed when the client accepts it (the service worker's
 * precache fetches included). Hashed assets are cached for a year; the service worker and the
 * pages never, so an update is always seen.
 */
async function registerStaticPwa(app: FastifyInstance, config: AppConfig) {
  const root = config.staticDir
  const indexFile = root ? path.join(root, 'index.html') : null
  const hasPwa = Boolean(indexFile && fs.existsSync(indexFile))
  const hasFirstWorkPage = Boolean(root && fs.existsSync(path.join(root, FIRST_WORK_HTML)))
  // A browser with a session opening an annotator's screen gets the page that preloads their
  // code; anyone else gets index.html (a stale session ends on the sign-in page either way).
  const pageFor = (pathname: string, withSession: boolean) =>
    hasFirstWorkPage && withSession && isFirstWorkPage(pathname) ? FIRST_WORK_HTML : 'index.html'
  if (hasPwa && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each file; the one the client accepts is sent.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const name = path.basename(filePath)
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable')
        } else if (
          ['sw.js', 'index.html', FIRST_WORK_HTML].includes(name) ||
          name.endsWith('.webmanifest')
        ) {
          reply.header('Cache-Control', 'no-cache')
        }
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    const isApi = request.url === API_BASE || request.url.startsWith(`${API_BASE}/`)
    if (!isApi && hasPwa && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = staticFileOf(root as string, pathname)
      if (file && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(root as string, file))
      }
      reply.header('Cache-Control', 'no-cache')
      reply.header('Vary', 'Cookie')
      return reply.sendFile(pageFor(pathname, Boolean(request.cookies[SESSION_COOKIE])))
    }
    throw notFound(msg({ message: 'No route for {method} {path}.' }), {
      method: request.method,
      path: pathname,
    })
  })
}

/** The file under root a URL path names, or null when it is not valid percent-encoding or leaves root. */
function staticFileOf(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  const file = path.join(root, decoded)
  return file.startsWith(root) ? file : null
}
