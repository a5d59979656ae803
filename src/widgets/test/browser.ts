import { act } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import type { Recognition } from '../text/useSpeechToText'

/**
 * Stand-ins for the browser APIs jsdom lacks (IntersectionObserver, media playback, object URLs,
 * speech recognition), each driven by the test the way the browser would drive the real one.
 */

// --- IntersectionObserver ----------------------------------------------------------------------

export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  readonly elements = new Set<Element>()
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this)
  }
  observe(element: Element) {
    this.elements.add(element)
  }
  unobserve(element: Element) {
    this.elements.delete(element)
  }
  disconnect() {
    this.elements.clear()
  }
  takeRecords() {
    return []
  }
  /** The observed elements come within the root margin. */
  enter() {
    const entries = [...this.elements].map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    )
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver)
  }
}

export function installIntersectionObserver() {
  FakeIntersectionObserver.instances = []
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
}

/** Every observed widget scrolls near the viewport. */
export function scrollAllIntoView() {
  act(() => {
    for (const observer of FakeIntersectionObserver.instances) observer.enter()
  })
}

// --- Object URLs -------------------------------------------------------------------------------

export function installObjectUrls() {
  let next = 0
  const create = vi.fn((_blob: Blob) => `blob:test/${++next}`)
  const revoke = vi.fn((_url: string) => {})
  URL.createObjectURL = create
  URL.revokeObjectURL = revoke
  return { create, revoke }
}

// --- Media playback ----------------------------------------------------------------------------

const paused = new WeakMap<HTMLMediaElement, boolean>()
const durations = new WeakMap<HTMLMediaElement, number>()
const proto = HTMLMediaElement.prototype
const originals = {
  play: Object.getOwnPropertyDescriptor(proto, 'play')!,
  pause: Object.getOwnPropertyDescriptor(proto, 'pause')!,
  paused: Object.getOwnPropertyDescriptor(proto, 'paused')!,
  duration: Object.getOwnPropertyDescriptor(proto, 'duration')!,
}

/** play() and pause() change `paused` and fire their events; durations are set by the test. */
export function installMediaPlayback() {
  Object.defineProperties(proto, {
    play: {
      configurable: true,
      value(this: HTMLMediaElement) {
        paused.set(this, false)
        this.dispatchEvent(new Event('play'))
        return Promise.resolve()
      },
    },
    pause: {
      configurable: true,
      value(this: HTMLMediaElement) {
        if (paused.get(this) === false) {
          paused.set(this, true)
          this.dispatchEvent(new Event('pause'))
        }
      },
    },
    paused: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return paused.get(this) ?? true
      },
    },
    duration: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return durations.get(this) ?? Number.NaN
      },
    },
  })
}

afterEach(() => {
  Object.defineProperties(proto, originals)
  vi.unstubAllGlobals()
})

export function setDuration(element: HTMLMediaElement, seconds: number) {
  act(() => {
    durations.set(element, seconds)
    element.dispatchEvent(new Event('durationchange'))
  })
}

/** Playback reaches `seconds`. */
export function playTo(element: HTMLMediaElement, seconds: number) {
  act(() => {
    element.currentTime = seconds
    element.dispatchEvent(new Event('timeupdate'))
  })
}

export function playToEnd(element: HTMLMediaElement) {
  act(() => {
    element.currentTime = element.duration
    element.dispatchEvent(new Event('timeupdate'))
    paused.set(element, true)
    element.dispatchEvent(new Event('ended'))
  })
}

// --- Speech recognition ------------------------------------------------------------------------

export class FakeRecognition implements Recognition {
  static instances: FakeRecognition[] = []
  lang = ''
  continuous = false
  interimResults = false
  onstart: Recognition['onstart'] = null
  onspeechend: Recognition['onspeechend'] = null
  onresult: Recognition['onresult'] = null
  onerror: Recognition['onerror'] = null
  onend: Recognition['onend'] = null
  starts = 0
  stops = 0
  aborts = 0
  constructor() {
    FakeRecognition.instances.push(this)
  }
  start() {
    this.starts++
  }
  stop() {
    this.stops++
  }
  abort() {
    this.aborts++
  }
  /** The microphone is on. */
  emitStart() {
    act(() => this.onstart?.())
  }
  emitSpeechEnd() {
    act(() => this.onspeechend?.())
  }
  emitResult(transcript: string) {
    const result = Object.assign([{ transcript }], { isFinal: true })
    act(() => this.onresult?.({ resultIndex: 0, results: [result] }))
  }
  emitError(code: string) {
    act(() => this.onerror?.({ error: code }))
  }
  emitEnd() {
    act(() => this.onend?.())
  }
}

/** Installs the recognition under the (Chromium) prefixed name unless told otherwise. */
export function installSpeechRecognition(
  name: 'SpeechRecognition' | 'webkitSpeechRecognition' = 'webkitSpeechRecognition',
) {
  FakeRecognition.instances = []
  vi.stubGlobal(name, FakeRecognition)
}

export const lastRecognition = (): FakeRecognition => {
  const recognition = FakeRecognition.instances.at(-1)
  if (!recognition) throw new Error('No speech recognition was started.')
  return recognition
}
