import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Preferences } from '../../../contract/auth'
import type { WidgetConfig } from '../../../contract/task-schema'
import { FakeRecognition, installSpeechRecognition, lastRecognition } from '../test/browser'
import { NO_PREFERENCES, renderWidget } from '../test/render'

const config = (enableSTT?: boolean): WidgetConfig => ({
  component: 'textarea',
  label: 'Transcript',
  enableSTT,
})
const field = () => screen.getByRole('textbox', { name: 'Transcript' }) as HTMLTextAreaElement
const ENDING: Preferences = { ...NO_PREFERENCES, stt_end_after_no_speech: true }

async function startDictation(preferences: Preferences = NO_PREFERENCES, initial = '') {
  const user = userEvent.setup()
  renderWidget({
    config: config(true),
    preferences,
    initial,
    language: { code: 'pl-PL', signs: [] },
  })
  await user.click(screen.getByRole('button', { name: 'Start dictation' }))
  return { user, recognition: lastRecognition() }
}

describe('speech to text', () => {
  beforeEach(() => installSpeechRecognition())

  it('goes through the spec states and inserts what was recognised', async () => {
    const { recognition } = await startDictation()

    expect(recognition.starts).toBe(1)
    expect(recognition.lang).toBe('pl-PL')
    expect(screen.getByText('Turning the microphone on…')).toBeInTheDocument()
    recognition.emitStart()
    expect(screen.getByText('Listening…')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stop dictation' })).toHaveAttribute(
      'data-state',
      'listening',
    )
    recognition.emitSpeechEnd()
    expect(screen.getByText('Processing speech…')).toBeInTheDocument()
    recognition.emitResult('dzień dobry')
    expect(field()).toHaveValue('dzień dobry')
    expect(screen.getByText('Listening…')).toBeInTheDocument()
  })

  it('inserts recognised text at the cursor', async () => {
    const { recognition } = await startDictation(NO_PREFERENCES, 'one two')
    field().setSelectionRange(3, 3)
    recognition.emitResult('and')
    expect(field()).toHaveValue('one and two')
  })

  it('restarts after a session ends, silence included, until the user stops it', async () => {
    const { user, recognition } = await startDictation()
    recognition.emitStart()

    recognition.emitEnd()
    expect(recognition.starts).toBe(2)
    recognition.emitError('no-speech')
    recognition.emitEnd()
    expect(recognition.starts).toBe(3)
    // Errors stay silent without the stop-after-silence preference.
    expect(screen.queryByText(/Speech Recognition error/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Stop dictation' }))
    expect(recognition.stops).toBe(1)
    recognition.emitResult('last words')
    recognition.emitEnd()
    expect(recognition.starts).toBe(3)
    expect(field()).toHaveValue('last words')
    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeInTheDocument()
  })

  it("treats 'aborted' as stopped by the user", async () => {
    const { recognition } = await startDictation(ENDING)
    recognition.emitError('aborted')
    recognition.emitEnd()

    expect(recognition.starts).toBe(1)
    expect(screen.queryByText(/Speech Recognition error/)).not.toBeInTheDocument()
  })

  it('ends at silence and shows the error with the stt_end_after_no_speech preference', async () => {
    const { recognition } = await startDictation(ENDING)
    recognition.emitStart()
    recognition.emitError('no-speech')
    recognition.emitEnd()

    expect(recognition.starts).toBe(1)
    expect(screen.getByRole('alert')).toHaveTextContent('Speech Recognition error: no-speech')
    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeInTheDocument()
  })

  it('does not restart after another error, which stays silent without the preference', async () => {
    const { recognition } = await startDictation()
    recognition.emitError('not-allowed')
    recognition.emitEnd()

    expect(recognition.starts).toBe(1)
    expect(screen.queryByText(/Speech Recognition error/)).not.toBeInTheDocument()
  })

  it('stops listening when the widget goes away', async () => {
    const user = userEvent.setup()
    const { unmount } = renderWidget({ config: config(true) })
    await user.click(screen.getByRole('button', { name: 'Start dictation' }))
    unmount()
    expect(lastRecognition().aborts).toBe(1)
  })

  it('uses the unprefixed API where the browser has it', async () => {
    installSpeechRecognition('SpeechRecognition')
    await startDictation()
    expect(FakeRecognition.instances).toHaveLength(1)
  })
})

describe('speech to text unavailable', () => {
  const userAgent = navigator.userAgent
  afterEach(() => {
    Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true })
  })

  async function reasonShown(enableSTT: boolean) {
    const user = userEvent.setup()
    renderWidget({ config: config(enableSTT) })
    const button = screen.getByRole('button', { name: 'Speech to text' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await user.click(button)
    expect(FakeRecognition.instances).toHaveLength(0)
    await user.hover(button)
    return (await screen.findByRole('tooltip')).textContent
  }

  it('says so when the browser has no speech recognition', async () => {
    FakeRecognition.instances = []
    expect(await reasonShown(true)).toBe('Speech To Text functionality is unavailable.')
  })

  it('says so in Firefox', async () => {
    installSpeechRecognition('SpeechRecognition')
    Object.defineProperty(navigator, 'userAgent', {
      value: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
      configurable: true,
    })
    expect(await reasonShown(true)).toBe(
      'Speech To Text functionality is not supported in the Firefox browser.',
    )
  })

  it('says so when the task configuration turns it off', async () => {
    installSpeechRecognition()
    const reason = await reasonShown(false)
    expect(reason).toBe('Speech To Text functionality is disabled in current Task configuration.')
    expect(screen.getByRole('button', { name: 'Speech to text' })).toHaveAccessibleDescription(
      reason!,
    )
  })

  it('shows no button when the schema does not mention dictation', () => {
    installSpeechRecognition()
    renderWidget({ config: config(undefined) })
    expect(screen.queryByRole('button', { name: /speech|dictation/i })).not.toBeInTheDocument()
  })
})
