import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import Fastify, { type FastifyInstance } from 'fastify'
import { toneWav } from '../server/demo/media-files'
import { type ContentKey, createContentKey } from '../server/modules/media/protection/content-key'
import { encryptAudio, PROTECTED_AUDIO_MIME_TYPE } from '../server/modules/media/protection/encrypt'
import { protectedAudioManifest } from '../server/modules/media/protection/manifest'
import type { ProtectedAudio } from '../server/modules/media/protection/protected-file'
import { sendStoredFile } from '../server/modules/media/storage'
import { LocalMediaStore } from '../server/modules/media/store/local-store'

/*
 * The packaging path protected audio is built on, proven in Debian's Chromium: a real recording
 * encrypted by the server module (AAC in CENC fragmented MP4), served with Range requests by the
 * product's media sender, described by its DASH manifest on the same URL with ?manifest=true, and
 * played by Shaka Player through MSE and the clear-key system. The media server here is the test's
 * own: the product's routes, licence endpoint and widget come later and reuse these pieces.
 */

const MEDIA_PATH = '/media/recording.mp4'
const LICENSE_PATH = '/license'
const CSRF_HEADER = 'x-csrftoken'
const RECORDING_SECONDS = 4
const AAC_IN_MP4 = `${PROTECTED_AUDIO_MIME_TYPE}; codecs="mp4a.40.2"`
/** `MediaError.MEDIA_ERR_DECODE`: the browser could not decode what it was given. */
const MEDIA_ERR_DECODE = 3
const SHAKA_SCRIPT = path.resolve('node_modules/shaka-player/dist/shaka-player.compiled.js')

type LicenceRequest = { body: unknown; csrf: string | undefined }

let mediaDir: string
let contentKey: ContentKey
let layout: ProtectedAudio
let server: FastifyInstance
let origin: string
const licenceRequests: LicenceRequest[] = []

test.beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'protected-audio-e2e-'))
  const recording = path.join(mediaDir, 'recording.wav')
  fs.writeFileSync(recording, toneWav([330, 440, 550, 660], (RECORDING_SECONDS / 4) * 1000))
  contentKey = createContentKey()
  layout = await encryptAudio(recording, path.join(mediaDir, 'protected.mp4'), contentKey)

  server = Fastify()
  server.get('/', (_request, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><title>Protected audio</title><script src="/shaka.js"></script>'),
  )
  server.get('/shaka.js', (_request, reply) =>
    reply.type('text/javascript').send(fs.createReadStream(SHAKA_SCRIPT)),
  )
  server.get<{ Querystring: { manifest?: string } }>(MEDIA_PATH, (request, reply) => {
    if (request.query.manifest === 'true') {
      return reply
        .type('application/dash+xml')
        .send(protectedAudioManifest(layout, { mediaUrl: MEDIA_PATH, licenseUrl: LICENSE_PATH }))
    }
    return sendStoredFile(request, reply, new LocalMediaStore(mediaDir), {
      storageKey: 'protected.mp4',
      mimeType: PROTECTED_AUDIO_MIME_TYPE,
    })
  })
  // The clear-key licence exchange as EME defines it: key ids in, a JSON Web Key set out.
  server.post(LICENSE_PATH, (request, reply) => {
    const csrf = request.headers[CSRF_HEADER]
    licenceRequests.push({ body: request.body, csrf: typeof csrf === 'string' ? csrf : undefined })
    const { kids } = request.body as { kids: string[] }
    const keyId = contentKey.keyId.toString('base64url')
    return reply.send({
      keys: kids
        .filter((kid) => kid === keyId)
        .map((kid) => ({ kty: 'oct', kid, k: contentKey.key.toString('base64url') })),
      type: 'temporary',
    })
  })
  await server.listen({ host: '127.0.0.1', port: 0 })
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await server?.close()
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true })
})

type PlayOptions = {
  manifestUrl: string
  /** Key id → key, both hex: the player needs no licence call (as offline, from a key store). */
  clearKeys?: Record<string, string>
  csrfHeader: string
}

/** What the page keeps about its player, for the test to poll. */
type PlayerState = { currentTime: number; ended: boolean; errors: string[] }

/** The little of Shaka Player's API this test uses (its own typings give the player as any). */
type ShakaRequest = { headers: Record<string, string> }
type ShakaPlayer = {
  attach(media: HTMLMediaElement): Promise<void>
  configure(config: object): boolean
  load(uri: string, startTime: number | null, mimeType: string): Promise<void>
  addEventListener(type: 'error', listener: (event: Event & { detail?: unknown }) => void): void
  getNetworkingEngine(): {
    registerRequestFilter(filter: (type: number, request: ShakaRequest) => void): void
  }
}
type ShakaGlobal = {
  Player: new () => ShakaPlayer
  polyfill: { installAll(): void }
  net: { NetworkingEngine: { RequestType: { LICENSE: number } } }
}

/** Loads the manifest into Shaka Player on a fresh page and starts playing, muted. */
async function playWithShaka(page: Page, options: PlayOptions) {
  await page.goto(`${origin}/`)
  await page.evaluate(async ({ manifestUrl, clearKeys, csrfHeader }) => {
    const { shaka } = window as unknown as { shaka: ShakaGlobal }
    const state: PlayerState = { currentTime: 0, ended: false, errors: [] }
    Object.assign(window, { playerState: state })
    const audio = document.createElement('audio')
    audio.muted = true
    document.body.append(audio)
    for (const event of ['timeupdate', 'ended']) {
      audio.addEventListener(event, () => {
        state.currentTime = audio.currentTime
        state.ended = audio.ended
      })
    }
    audio.addEventListener('error', () => state.errors.push(`media: ${audio.error?.message}`))
    shaka.polyfill.installAll()
    const player = new shaka.Player()
    player.addEventListener('error', (event) => state.errors.push(JSON.stringify(event.detail)))
    await player.attach(audio)
    if (clearKeys) player.configure({ drm: { clearKeys } })
    player.getNetworkingEngine().registerRequestFilter((type, request) => {
      // Shaka sends the clear-key request without a content type; the JSON one lets a JSON
      // API parse it.
      if (type === shaka.net.NetworkingEngine.RequestType.LICENSE) {
        request.headers['Content-Type'] = 'application/json'
        request.headers[csrfHeader] = 'token-from-the-session'
      }
    })
    try {
      // Given explicitly: Shaka would take a URL ending in .mp4 for a plain file to play as is.
      await player.load(manifestUrl, null, 'application/dash+xml')
      audio.playbackRate = 2
      await audio.play()
    } catch (error) {
      state.errors.push(JSON.stringify(error))
    }
  }, options)
}

const playerState = (page: Page) =>
  page.evaluate(() => (window as unknown as { playerState: PlayerState }).playerState)

test('Chromium offers the clear-key system for AAC in MP4 through MSE', async ({ page }) => {
  await page.goto(`${origin}/`)
  const support = await page.evaluate(async (type) => {
    const access = await navigator.requestMediaKeySystemAccess('org.w3.clearkey', [
      { initDataTypes: ['cenc', 'keyids'], audioCapabilities: [{ contentType: type }] },
    ])
    return { keySystem: access.keySystem, mse: MediaSource.isTypeSupported(type) }
  }, AAC_IN_MP4)
  expect(support).toEqual({ keySystem: 'org.w3.clearkey', mse: true })
})

test('Shaka Player plays the protected recording to its end with the key from the licence call', async ({
  page,
}) => {
  licenceRequests.length = 0
  await playWithShaka(page, {
    manifestUrl: `${MEDIA_PATH}?manifest=true`,
    csrfHeader: CSRF_HEADER,
  })

  await expect.poll(async () => (await playerState(page)).currentTime).toBeGreaterThan(0.5)
  await expect.poll(async () => (await playerState(page)).ended).toBe(true)
  const state = await playerState(page)
  expect(state.errors).toEqual([])
  // The encoder's priming samples are skipped: the recording plays for exactly its own length.
  expect(state.currentTime).toBeCloseTo(RECORDING_SECONDS, 1)
  expect(licenceRequests).toEqual([
    {
      body: { kids: [contentKey.keyId.toString('base64url')], type: 'temporary' },
      csrf: 'token-from-the-session',
    },
  ])
})

test('given the key directly, the player needs no licence call (as offline)', async ({ page }) => {
  licenceRequests.length = 0
  await playWithShaka(page, {
    manifestUrl: `${MEDIA_PATH}?manifest=true`,
    clearKeys: { [contentKey.keyId.toString('hex')]: contentKey.key.toString('hex') },
    csrfHeader: CSRF_HEADER,
  })

  await expect.poll(async () => (await playerState(page)).currentTime).toBeGreaterThan(1)
  expect((await playerState(page)).errors).toEqual([])
  expect(licenceRequests).toEqual([])
})

test('the same bytes do not play without the key', async ({ page }) => {
  // Saved from the network tab and opened as a plain audio file: the browser cannot decode it.
  await page.goto(`${origin}/`)
  const plain = await page.evaluate(async (src) => {
    const audio = document.createElement('audio')
    audio.muted = true
    const failed = new Promise((resolve) => audio.addEventListener('error', resolve))
    audio.src = src
    audio.play().catch(() => {})
    await failed
    return { code: audio.error?.code, currentTime: audio.currentTime }
  }, MEDIA_PATH)
  expect(plain).toEqual({ code: MEDIA_ERR_DECODE, currentTime: 0 })

  // Through the player with a wrong key: decoding fails and time never moves.
  await playWithShaka(page, {
    manifestUrl: `${MEDIA_PATH}?manifest=true`,
    clearKeys: { [contentKey.keyId.toString('hex')]: createContentKey().key.toString('hex') },
    csrfHeader: CSRF_HEADER,
  })
  await expect.poll(async () => (await playerState(page)).errors.length).toBeGreaterThan(0)
  const state = await playerState(page)
  expect(state.errors[0]).toContain('PIPELINE_ERROR_DECODE')
  expect(state.currentTime).toBe(0)
})
