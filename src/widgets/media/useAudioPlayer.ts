import { type RefObject, useEffect, useRef, useState } from 'react'
import { claimPlayback, registerPlayer } from './playback'

/** The spec's audio limits (section 9). */
export const SEEK_STEP_SECONDS = 5
export const MIN_RATE = 0.25
export const MAX_RATE = 2
export const RATE_STEP = 0.25
export const PLAYBACK_RATES = Array.from(
  { length: (MAX_RATE - MIN_RATE) / RATE_STEP + 1 },
  (_, index) => MIN_RATE + index * RATE_STEP,
)

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/** A rate on the 0.25 grid between 0.25 and 2. */
export const clampRate = (rate: number) =>
  clamp(Math.round(rate / RATE_STEP) * RATE_STEP, MIN_RATE, MAX_RATE)

export const clampVolume = (volume: number) => clamp(Number.isFinite(volume) ? volume : 1, 0, 1)

/** Seeking lands slightly past the furthest point without counting as seeking forward. */
const SEEK_TOLERANCE = 0.05

type Options = {
  itemId: number
  /** Whether the worker may seek past the furthest point played (enableSeekingForward). */
  seekingForward: boolean
  overlappingPlayback: boolean
  onEnded: () => void
}

/**
 * Drives an <audio> element and mirrors its state for the controls. Seeking forward beyond the
 * furthest point played is refused unless allowed: the controls clamp their targets, and a seek
 * from anywhere else (a media key, the browser's own UI) is pulled back as it starts.
 */
export function useAudioPlayer(
  audio: RefObject<HTMLAudioElement | null>,
  { itemId, seekingForward, overlappingPlayback, onEnded }: Options,
) {
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [rate, setRateState] = useState(1)
  const [volume, setVolumeState] = useState(1)
  const [furthest, setFurthest] = useState(0)
  const furthestRef = useRef(0)
  const latest = useRef({ seekingForward, overlappingPlayback, onEnded })
  latest.current = { seekingForward, overlappingPlayback, onEnded }

  useEffect(() => {
    const element = audio.current
    if (!element) return
    const reach = (point: number) => {
      if (point <= furthestRef.current) return
      furthestRef.current = point
      setFurthest(point)
    }
    const handlers: Record<string, () => void> = {
      play: () => {
        claimPlayback(element, latest.current.overlappingPlayback)
        setPlaying(true)
      },
      pause: () => setPlaying(false),
      timeupdate: () => {
        if (!element.seeking) reach(element.currentTime)
        setTime(element.currentTime)
      },
      durationchange: () => setDuration(Number.isFinite(element.duration) ? element.duration : 0),
      seeking: () => {
        if (
          !latest.current.seekingForward &&
          element.currentTime > furthestRef.current + SEEK_TOLERANCE
        ) {
          element.currentTime = furthestRef.current
        }
        setTime(element.currentTime)
      },
      ended: () => {
        reach(Number.isFinite(element.duration) ? element.duration : element.currentTime)
        setPlaying(false)
        latest.current.onEnded()
      },
    }
    for (const [event, handler] of Object.entries(handlers)) {
      element.addEventListener(event, handler)
    }
    const unregister = registerPlayer({ itemId, element })
    return () => {
      for (const [event, handler] of Object.entries(handlers)) {
        element.removeEventListener(event, handler)
      }
      unregister()
      element.pause()
    }
  }, [audio, itemId])

  const limit = seekingForward ? duration : Math.min(furthest, duration)

  const seekTo = (target: number) => {
    const element = audio.current
    if (!element) return
    const next = clamp(target, 0, Math.max(limit, 0))
    element.currentTime = next
    setTime(next)
  }

  return {
    playing,
    time,
    duration,
    rate,
    volume,
    /** The latest point the worker may seek to. */
    limit,
    play: () => void audio.current?.play().catch(() => {}),
    pause: () => audio.current?.pause(),
    toggle: () => {
      if (audio.current?.paused) void audio.current.play().catch(() => {})
      else audio.current?.pause()
    },
    seekTo,
    seekBy: (delta: number) => seekTo((audio.current?.currentTime ?? time) + delta),
    setRate: (next: number) => {
      const value = clampRate(next)
      if (audio.current) audio.current.playbackRate = value
      setRateState(value)
    },
    setVolume: (next: number) => {
      const value = clampVolume(next)
      if (audio.current) audio.current.volume = value
      setVolumeState(value)
    },
    currentTime: () => audio.current?.currentTime ?? time,
  }
}
