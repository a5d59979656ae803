import 'fake-indexeddb/auto'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../../contract/constants'
import { offlineDb } from '../../offline/db'
import { findMediaKeys, missingMediaKeyIds } from '../../offline/media-keys'
import { setupApiServer } from '../../test/api'
import { itemMediaUrl, keepOffline } from './offline-files'

const KEY_ID = '0a1b2c3d4e5f60718293a4b5c6d7e8f9'
const KEY = '00112233445566778899aabbccddeeff'
const KEY_ID_UUID = '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9'
const hexToBase64Url = (hex: string) =>
  btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" type="static">
  <Period><AdaptationSet contentType="audio" mimeType="audio/mp4">
    <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="${KEY_ID_UUID}"/>
  </AdaptationSet></Period>
</MPD>`

type LicenceCall = { kids: string[]; type: string; csrf: string | null }
const licenceCalls: LicenceCall[] = []
let licenceStatus = 200

setupApiServer(
  http.get('/api/endworker/item-sets/:setId/media/:itemId/:uuid/', ({ request, params }) => {
    if (new URL(request.url).searchParams.get('manifest') === 'true') {
      return new HttpResponse(MANIFEST, { headers: { 'Content-Type': 'application/dash+xml' } })
    }
    const headers: Record<string, string> = { 'Content-Type': 'audio/mp4' }
    if (params.uuid === 'protected') headers['X-Media-Protection'] = 'clearkey'
    return new HttpResponse(new Uint8Array([0, 0, 0, 8, 109, 111, 111, 102]), { headers })
  }),
  http.post('/api/media/encaudio/license/', async ({ request }) => {
    const body = (await request.json()) as Omit<LicenceCall, 'csrf'>
    licenceCalls.push({ ...body, csrf: request.headers.get('x-csrftoken') })
    if (licenceStatus !== 200) {
      return HttpResponse.json(
        { detail: 'You may not hear this item now.', code: 'permission_denied' },
        { status: licenceStatus },
      )
    }
    return HttpResponse.json({
      keys: body.kids.map((kid) => ({ kty: 'oct', kid, k: hexToBase64Url(KEY) })),
      type: 'temporary',
    })
  }),
)

beforeEach(async () => {
  licenceCalls.length = 0
  licenceStatus = 200
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
  await (await offlineDb()).clear('mediaKeys')
})

describe('keeping protected audio offline', () => {
  it('keeps a plain file without asking for keys', async () => {
    expect(await keepOffline(itemMediaUrl(3, 5, 'plain'))).toBe(true)
    expect(licenceCalls).toEqual([])
  })

  it("puts the keys its manifest names in the device's key store for the set, asked once", async () => {
    const files = [itemMediaUrl(3, 5, 'protected'), itemMediaUrl(3, 6, 'protected')]

    expect(await Promise.all(files.map(keepOffline))).toEqual([true, true])
    expect(await keepOffline(files[0]!)).toBe(true)

    // Parallel downloads of one task's recordings share the call; later ones find the key.
    expect(licenceCalls).toEqual([
      { kids: [hexToBase64Url(KEY_ID)], type: 'temporary', csrf: 'csrf-token' },
    ])
    expect(await findMediaKeys([KEY_ID])).toEqual({ [KEY_ID]: KEY })
    expect(await missingMediaKeyIds(3, [KEY_ID])).toEqual([])
  })

  it('is not ready offline when the licence call refuses the key', async () => {
    licenceStatus = 403

    expect(await keepOffline(itemMediaUrl(3, 5, 'protected'))).toBe(false)
    expect(await findMediaKeys([KEY_ID])).toBeNull()
  })
})
