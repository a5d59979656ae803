import { useEffect, useRef, useState } from 'react'

/**
 * The browser's speech recognition, as far as dictation uses it. Declared here because the
 * DOM typings do not carry the (still prefixed in Chromium) API.
 */
type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>
export type Recognition = {
  lang: string
  continuous: boolean
  interimResults: boolean
  onstart: (() => void) | null
  onspeechend: (() => void) | null
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null
  onerror: ((event: { error: string }) => void) | null
  onend: (() => void) | null
  start(): void
  stop(): void
  abort(): void
}
type RecognitionConstructor = new () => Recognition

/** The spec's speech-to-text states. */
export type SpeechState = 'initialized' | 'turning_mic_on' | 'listening' | 'processing'

/**
 * Why dictation cannot start, in the order they are checked: Firefox (whose recognition is not
 * usable), no API at all, or a task configuration that switched it off.
 */
export type SpeechAvailability = 'available' | 'firefox' | 'unavailable' | 'disabled'

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: RecognitionConstructor
    webkitSpeechRecognition?: RecognitionConstructor
  }
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition
}

function speechAvailability(enabledByTask: boolean): SpeechAvailability {
  if (/firefox|fxios/i.test(navigator.userAgent)) return 'firefox'
  if (!recognitionConstructor()) return 'unavailable'
  return enabledByTask ? 'available' : 'disabled'
}

/** 'no-speech' only means silence: the session may go on. Any other error ends it. */
const SILENCE = 'no-speech'
/** What the browser reports when the session was aborted, which is the user stopping it. */
const ABORTED = 'aborted'

type Options = {
  enabledByTask: boolean
  /** The stt_end_after_no_speech preference: stop at the end of a session, and report errors. */
  endAfterNoSpeech: boolean
  lang?: string
  /** Called with each final transcript. */
  onText: (text: string) => void
}

/**
 * Dictation through the browser's speech recognition. A recognition session ends by itself after
 * some silence; it is restarted, so the worker dictates until they stop it, unless the
 * stt_end_after_no_speech preference asks to end there. Errors other than silence end it too, so
 * a denied microphone or a lost network does not restart in a loop; their code is shown only
 * with that preference on, as the spec says.
 */
export function useSpeechToText({ enabledByTask, endAfterNoSpeech, lang, onText }: Options) {
  const [state, setState] = useState<SpeechState>('initialized')
  const [error, setError] = useState<string | null>(null)
  const recognition = useRef<Recognition | null>(null)
  const stoppedByUser = useRef(false)
  const failed = useRef(false)
  // The handlers outlive renders: they read the latest props through refs.
  const latest = useRef({ onText, endAfterNoSpeech })
  latest.current = { onText, endAfterNoSpeech }
  const availability = speechAvailability(enabledByTask)

  useEffect(
    () => () => {
      stoppedByUser.current = true
      recognition.current?.abort()
      recognition.current = null
    },
    [],
  )

  const start = () => {
    const Constructor = recognitionConstructor()
    if (availability !== 'available' || !Constructor || recognition.current) return
    stoppedByUser.current = false
    failed.current = false
    setError(null)
    const session = new Constructor()
    session.lang = lang ?? navigator.language
    session.continuous = true
    session.interimResults = false
    session.onstart = () => setState('listening')
    session.onspeechend = () => setState('processing')
    session.onresult = ({ resultIndex, results }) => {
      let text = ''
      for (let index = resultIndex; index < results.length; index++) {
        const result = results[index]
        if (result?.isFinal) text += result[0]?.transcript ?? ''
      }
      if (text.trim() !== '') latest.current.onText(text)
      if (!stoppedByUser.current) setState('listening')
    }
    session.onerror = ({ error: code }) => {
      if (code === ABORTED) stoppedByUser.current = true
      else if (code !== SILENCE) failed.current = true
      if (code !== ABORTED && latest.current.endAfterNoSpeech) setError(code)
    }
    session.onend = () => {
      if (stoppedByUser.current || failed.current || latest.current.endAfterNoSpeech) {
        recognition.current = null
        setState('initialized')
        return
      }
      setState('turning_mic_on')
      session.start()
    }
    recognition.current = session
    setState('turning_mic_on')
    session.start()
  }

  /** Stops listening; what was already said is still recognised and inserted. */
  const stop = () => {
    if (!recognition.current) return
    stoppedByUser.current = true
    setState('processing')
    recognition.current.stop()
  }

  return { availability, state, error, start, stop }
}
