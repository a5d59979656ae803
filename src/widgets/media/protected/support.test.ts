import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * The support check against the browser's own answers: jsdom has neither Media Source Extensions
 * nor Encrypted Media Extensions, so each test gives the browser's side as a browser would.
 */

type Access = typeof navigator.requestMediaKeySystemAccess

async function freshCheck() {
  vi.resetModules()
  return (await import('./support')).canPlayProtectedAudio
}

function browserWith({ mse, clearKey }: { mse: boolean; clearKey: boolean | 'absent' }) {
  const isTypeSupported = vi.fn(() => mse)
  vi.stubGlobal('MediaSource', { isTypeSupported })
  const requestAccess = vi.fn<Access>(async (keySystem) => {
    if (!clearKey) throw new DOMException('Unsupported keySystem', 'NotSupportedError')
    return { keySystem } as MediaKeySystemAccess
  })
  Object.defineProperty(navigator, 'requestMediaKeySystemAccess', {
    configurable: true,
    value: clearKey === 'absent' ? undefined : requestAccess,
  })
  return { isTypeSupported, requestAccess }
}

beforeEach(() => {
  vi.unstubAllGlobals()
})
afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'requestMediaKeySystemAccess')
})

describe('canPlayProtectedAudio', () => {
  it('is true where MSE plays AAC in MP4 and the clear-key system is offered, asked once', async () => {
    const { isTypeSupported, requestAccess } = browserWith({ mse: true, clearKey: true })
    const canPlay = await freshCheck()

    expect(await canPlay()).toBe(true)
    expect(await canPlay()).toBe(true)
    expect(isTypeSupported).toHaveBeenCalledWith('audio/mp4; codecs="mp4a.40.2"')
    expect(requestAccess).toHaveBeenCalledTimes(1)
    expect(requestAccess).toHaveBeenCalledWith('org.w3.clearkey', [
      {
        initDataTypes: ['cenc', 'keyids'],
        audioCapabilities: [{ contentType: 'audio/mp4; codecs="mp4a.40.2"' }],
      },
    ])
  })

  it('is false where the clear-key system is refused (Safari, iOS)', async () => {
    browserWith({ mse: true, clearKey: false })
    expect(await (await freshCheck())()).toBe(false)
  })

  it('is false without EME, or without MSE for the format', async () => {
    browserWith({ mse: true, clearKey: 'absent' })
    expect(await (await freshCheck())()).toBe(false)
    browserWith({ mse: false, clearKey: true })
    expect(await (await freshCheck())()).toBe(false)
  })

  it('is false without Media Source Extensions at all', async () => {
    expect(await (await freshCheck())()).toBe(false)
  })
})
