import { describe, expect, it } from 'vitest'
import {
  base64UrlToHex,
  hexToBase64Url,
  isProtectedMedia,
  keyIdsOfManifest,
  manifestUrlOf,
} from './protection'

/** The shape of the server's manifest (server/modules/media/protection/manifest.ts). */
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" xmlns:dashif="https://dashif.org/CPS" type="static">
  <Period id="0" start="PT0S">
    <AdaptationSet id="0" contentType="audio" mimeType="audio/mp4">
      <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="0A1B2C3D-4E5F-6071-8293-A4B5C6D7E8F9"/>
      <ContentProtection schemeIdUri="urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e" value="ClearKey1.0">
        <dashif:Laurl licenseType="EME-1.0">/api/media/encaudio/license/</dashif:Laurl>
      </ContentProtection>
    </AdaptationSet>
  </Period>
</MPD>`

describe('protected audio', () => {
  it('is told by the media response header', () => {
    const answer = (headers: Record<string, string>) => new Response('x', { headers })
    expect(isProtectedMedia(answer({ 'X-Media-Protection': 'clearkey' }))).toBe(true)
    expect(isProtectedMedia(answer({ 'Content-Type': 'audio/wav' }))).toBe(false)
  })

  it('has its manifest on the same URL', () => {
    expect(manifestUrlOf('/api/endworker/item-sets/3/media/5/a1/')).toBe(
      '/api/endworker/item-sets/3/media/5/a1/?manifest=true',
    )
  })

  it("reads the key ids of the manifest's content protection, as hex", () => {
    expect(keyIdsOfManifest(MANIFEST)).toEqual(['0a1b2c3d4e5f60718293a4b5c6d7e8f9'])
  })

  it('converts key ids between the licence call (base64url) and the player (hex)', () => {
    const hex = 'fbff3e7f0a1b2c3d4e5f60718293a4b5'
    const base64Url = hexToBase64Url(hex)
    expect(base64Url).toBe('-_8-fwobLD1OX2BxgpOktQ')
    expect(base64UrlToHex(base64Url)).toBe(hex)
  })
})
