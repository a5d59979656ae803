import { keyIdAsUuid } from './content-key'
import type { ProtectedAudio } from './protected-file'

/** The DASH-IF identifier of the W3C clear-key system. */
export const CLEAR_KEY_SYSTEM_ID = 'e2719d58-a985-b3c9-781a-b030af78d30e'

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** ISO 8601 duration with millisecond precision, as MPD attributes take it. */
function isoDuration(seconds: number): string {
  return `PT${seconds.toFixed(3)}S`
}

/**
 * The DASH manifest (MPD, on-demand profile) describing one protected audio file for an
 * EME/MSE player such as Shaka Player: a single representation at `mediaUrl`, read with Range
 * requests (the header first, then the fragment index, then fragments), and two
 * ContentProtection elements: the common one with the key id (`cenc:default_KID`) and the
 * clear-key one, with the licence URL when given (`dashif:Laurl`).
 */
export function protectedAudioManifest(
  audio: ProtectedAudio,
  { mediaUrl, licenseUrl }: { mediaUrl: string; licenseUrl?: string },
): string {
  const bandwidth = Math.max(1, Math.ceil((audio.sizeBytes * 8) / audio.durationSeconds))
  const licence = licenseUrl
    ? `\n        <dashif:Laurl licenseType="EME-1.0">${escapeXml(licenseUrl)}</dashif:Laurl>`
    : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" xmlns:dashif="https://dashif.org/CPS" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" minBufferTime="PT2S" mediaPresentationDuration="${isoDuration(audio.durationSeconds)}">
  <Period id="0" start="PT0S">
    <AdaptationSet id="0" contentType="audio" mimeType="audio/mp4" segmentAlignment="true" subsegmentAlignment="true" subsegmentStartsWithSAP="1">
      <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="${escapeXml(audio.scheme)}" cenc:default_KID="${keyIdAsUuid(audio.keyId)}"/>
      <ContentProtection schemeIdUri="urn:uuid:${CLEAR_KEY_SYSTEM_ID}" value="ClearKey1.0">${licence}
      </ContentProtection>
      <Representation id="audio" codecs="${escapeXml(audio.codecs)}" bandwidth="${bandwidth}" audioSamplingRate="${audio.sampleRate}">
        <AudioChannelConfiguration schemeIdUri="urn:mpeg:dash:23003:3:audio_channel_configuration:2011" value="${audio.channels}"/>
        <BaseURL>${escapeXml(mediaUrl)}</BaseURL>
        <SegmentBase indexRange="${audio.indexRange.start}-${audio.indexRange.end}">
          <Initialization range="${audio.initRange.start}-${audio.initRange.end}"/>
        </SegmentBase>
      </Representation>
    </AdaptationSet>
  </Period>
</MPD>
`
}
