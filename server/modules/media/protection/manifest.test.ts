import { describe, expect, it } from 'vitest'
import { keyIdAsUuid } from './content-key'
import { CLEAR_KEY_SYSTEM_ID, protectedAudioManifest } from './manifest'
import type { ProtectedAudio } from './protected-file'

const audio: ProtectedAudio = {
  scheme: 'cenc',
  keyId: Buffer.from('0123456789abcdef0123456789abcdef', 'hex'),
  codecs: 'mp4a.40.2',
  sampleRate: 16_000,
  channels: 1,
  durationSeconds: 2.1,
  sizeBytes: 36_000,
  initRange: { start: 0, end: 938 },
  indexRange: { start: 939, end: 982 },
}

describe('protected audio manifest', () => {
  it('writes the key id in the UUID form', () => {
    expect(keyIdAsUuid(audio.keyId)).toBe('01234567-89ab-cdef-0123-456789abcdef')
  })

  it('describes the file for a DASH player with clear-key protection', () => {
    const mpd = protectedAudioManifest(audio, {
      mediaUrl: '/api/media/7/a.mp4',
      licenseUrl: '/api/media/encaudio/license/',
    })
    expect(mpd).toContain('mediaPresentationDuration="PT2.100S"')
    expect(mpd).toContain(
      '<ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc" cenc:default_KID="01234567-89ab-cdef-0123-456789abcdef"/>',
    )
    expect(mpd).toContain(`schemeIdUri="urn:uuid:${CLEAR_KEY_SYSTEM_ID}"`)
    expect(mpd).toContain(
      '<dashif:Laurl licenseType="EME-1.0">/api/media/encaudio/license/</dashif:Laurl>',
    )
    expect(mpd).toContain('codecs="mp4a.40.2" bandwidth="137143" audioSamplingRate="16000"')
    expect(mpd).toContain('<BaseURL>/api/media/7/a.mp4</BaseURL>')
    expect(mpd).toContain('<SegmentBase indexRange="939-982">')
    expect(mpd).toContain('<Initialization range="0-938"/>')
  })

  it('escapes URLs and leaves the licence URL out when the player is given keys', () => {
    const mpd = protectedAudioManifest(audio, { mediaUrl: '/media?item=1&file="a"' })
    expect(mpd).toContain('<BaseURL>/media?item=1&#38;file=&#34;a&#34;</BaseURL>')
    expect(mpd).not.toContain('Laurl')
  })
})
