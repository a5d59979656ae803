import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Preferences } from '../../../contract/auth'
import type { TaskSchemaDocument, WidgetConfig } from '../../../contract/task-schema'
import { setupApiServer } from '../../test/api'
import { ItemRenderer } from '../ItemRenderer'
import {
  FakeIntersectionObserver,
  installIntersectionObserver,
  installMediaPlayback,
  installObjectUrls,
  playTo,
  playToEnd,
  scrollAllIntoView,
  setDuration,
} from '../test/browser'
import { NO_PREFERENCES, renderInProviders, renderWidget } from '../test/render'
import { replayItemAudio, toggleItemAudio } from './playback'

const MEDIA = '/api/endworker/item-sets/3/media/5/:uuid/'
const mediaUrl = (uuid: string) => `/api/endworker/item-sets/3/media/5/${uuid}/`
const requests: Request[] = []

const server = setupApiServer(
  http.get(MEDIA, ({ request, params }) => {
    requests.push(request)
    if (params.uuid === 'missing') return new HttpResponse(null, { status: 404 })
    if (params.uuid === 'protected') {
      return new HttpResponse(new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]), {
        headers: { 'Content-Type': 'audio/mp4', 'X-Media-Protection': 'clearkey' },
      })
    }
    return new HttpResponse(new Uint8Array([82, 73, 70, 70]), {
      headers: { 'Content-Type': 'audio/wav' },
    })
  }),
)

let objectUrls: ReturnType<typeof installObjectUrls>
afterEach(() => {
  vi.restoreAllMocks()
})
beforeEach(() => {
  requests.length = 0
  installIntersectionObserver()
  installMediaPlayback()
  objectUrls = installObjectUrls()
})

const audioConfig = (extra: Partial<WidgetConfig> = {}): WidgetConfig => ({
  component: 'audio',
  label: 'Recording',
  ...extra,
})

/** Renders an audio widget, brings it into view and waits for its player, 60 s long. */
async function renderLoaded(props: Parameters<typeof renderWidget>[0]) {
  const view = renderWidget({ mediaUrl, initial: { uuid: 'a1' }, ...props })
  scrollAllIntoView()
  await screen.findByRole('button', { name: 'Play' })
  const element = document.querySelector('audio')!
  setDuration(element, 60)
  return { ...view, element, user: userEvent.setup() }
}

const fullRow = (column: number) => ({ row: 1, column, col_width: 6, col_offset: 0 })

/** An item with two recordings. */
function TwoRecordings({ preferences }: { preferences: Preferences }) {
  return (
    <ItemRenderer
      schema={{
        validators: [],
        rows_visibility: [],
        item_schema: {
          first: {
            widget: { config: audioConfig({ label: 'first' }) },
            grid_placement: fullRow(1),
          },
          second: {
            widget: { config: audioConfig({ label: 'second' }) },
            grid_placement: fullRow(2),
          },
        },
        annotation_schema: {},
      }}
      item={{ id: 1, data: { first: { uuid: 'f1' }, second: { uuid: 's1' } } }}
      value={{}}
      mediaUrl={mediaUrl}
      preferences={preferences}
    />
  )
}

const taggedSchema: TaskSchemaDocument = {
  validators: [],
  rows_visibility: [],
  item_schema: {
    recording: {
      widget: { config: audioConfig({ showAudioCurrentTimeTag: true }) },
      grid_placement: { row: 1, column: 1, col_width: 12, col_offset: 0 },
    },
  },
  annotation_schema: {
    notes: {
      widget: { config: { component: 'text', label: 'Notes' } },
      grid_placement: { row: 2, column: 1, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
    transcript: {
      widget: { config: { component: 'textarea', label: 'Transcript' } },
      grid_placement: { row: 3, column: 1, col_width: 12, col_offset: 0 },
      data_type: 'string',
    },
  },
}

function TaggedItem({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState<Record<string, unknown>>({ transcript: 'one two' })
  return (
    <ItemRenderer
      schema={taggedSchema}
      item={{ id: 9, data: { recording: { uuid: 'a1' } } }}
      value={value}
      onChange={readOnly ? undefined : setValue}
      mediaUrl={mediaUrl}
      preferences={NO_PREFERENCES}
    />
  )
}

describe('AudioWidget loading', () => {
  it('loads only near the viewport, then shows the player', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    renderWidget({ config: audioConfig(), mediaUrl, initial: { uuid: 'a1' } })

    expect(screen.getByText('Loading the audio sample…')).toBeInTheDocument()
    expect(FakeIntersectionObserver.instances[0]?.options.rootMargin).toBe('200px')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toHaveLength(0)

    scrollAllIntoView()
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument()
    expect(screen.queryByText('Loading the audio sample…')).not.toBeInTheDocument()
    expect(requests).toHaveLength(1)
    // With the session cookie, through fetch, so the service worker's media cache answers offline.
    expect(fetchSpy).toHaveBeenCalledWith(
      mediaUrl('a1'),
      expect.objectContaining({ credentials: 'include' }),
    )
    expect(document.querySelector('audio')).toHaveAttribute('src', 'blob:test/1')
  })

  it('shows the red cross when the fetch fails', async () => {
    renderWidget({ config: audioConfig(), mediaUrl, initial: { uuid: 'missing' } })
    scrollAllIntoView()

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error while fetching the audio sample.',
    )
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument()
  })

  it('shows the red cross when the network is down', async () => {
    server.use(http.get(MEDIA, () => HttpResponse.error()))
    renderWidget({ config: audioConfig(), mediaUrl, initial: { uuid: 'a1' } })
    scrollAllIntoView()

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error while fetching the audio sample.',
    )
  })

  it('frees the object URL when the widget goes away', async () => {
    const { unmount } = await renderLoaded({ config: audioConfig() })
    unmount()
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:test/1')
  })
})

describe('AudioWidget controls', () => {
  it('offers playback rates from 0.25 to 2 in steps of 0.25', async () => {
    const { user, element } = await renderLoaded({ config: audioConfig() })

    const speed = screen.getByRole('combobox', { name: 'Playback speed' })
    const rates = [...(speed as HTMLSelectElement).options].map((option) => Number(option.value))
    expect(rates).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2])
    expect(speed).toHaveValue('1')
    await user.selectOptions(speed, '2')
    expect(element.playbackRate).toBe(2)
    await user.selectOptions(speed, '0.25')
    expect(element.playbackRate).toBe(0.25)
  })

  it('keeps the volume between 0 and 1', async () => {
    const { user, element } = await renderLoaded({ config: audioConfig() })

    const volume = screen.getByRole('slider', { name: 'Volume' })
    expect(volume).toHaveAttribute('aria-valuemin', '0')
    expect(volume).toHaveAttribute('aria-valuemax', '1')
    volume.focus()
    await user.keyboard('{ArrowRight}')
    expect(element.volume).toBe(1)
    await user.keyboard('{Home}')
    expect(element.volume).toBe(0)
    await user.keyboard('{ArrowLeft}')
    expect(element.volume).toBe(0)
    await user.keyboard('{ArrowRight}')
    expect(element.volume).toBeCloseTo(0.05)
  })

  it('seeks by 5 seconds, not before the start', async () => {
    const { user, element } = await renderLoaded({
      config: audioConfig({ enableSeekingForward: true }),
    })

    playTo(element, 20)
    await user.click(screen.getByRole('button', { name: 'Forward 5 seconds' }))
    expect(element.currentTime).toBe(25)
    await user.click(screen.getByRole('button', { name: 'Back 5 seconds' }))
    await user.click(screen.getByRole('button', { name: 'Back 5 seconds' }))
    expect(element.currentTime).toBe(15)
    playTo(element, 3)
    await user.click(screen.getByRole('button', { name: 'Back 5 seconds' }))
    expect(element.currentTime).toBe(0)
    // Forward seeking is allowed here: the position slider reaches the end.
    screen.getByRole('slider', { name: 'Position' }).focus()
    await user.keyboard('{End}')
    expect(element.currentTime).toBe(60)
  })

  it('blocks seeking beyond the furthest point played unless enableSeekingForward', async () => {
    const { user, element } = await renderLoaded({ config: audioConfig() })

    playTo(element, 12)
    await user.click(screen.getByRole('button', { name: 'Back 5 seconds' }))
    expect(element.currentTime).toBe(7)
    await user.click(screen.getByRole('button', { name: 'Forward 5 seconds' }))
    expect(element.currentTime).toBe(12)
    expect(screen.getByRole('button', { name: 'Forward 5 seconds' })).toBeDisabled()

    screen.getByRole('slider', { name: 'Position' }).focus()
    await user.keyboard('{End}')
    expect(element.currentTime).toBe(12)

    // A seek from elsewhere (a media key) is pulled back too.
    act(() => {
      element.currentTime = 40
      element.dispatchEvent(new Event('seeking'))
    })
    expect(element.currentTime).toBe(12)
  })

  it('plays and pauses, and answers its keyboard shortcuts while focused', async () => {
    const { user, element } = await renderLoaded({
      config: audioConfig({ enableSeekingForward: true }),
    })

    await user.click(screen.getByRole('button', { name: 'Play' }))
    expect(element.paused).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Pause' }))
    expect(element.paused).toBe(true)

    const player = screen.getByRole('group', { name: 'Audio player: Recording' })
    expect(player).toHaveAccessibleDescription(/Space or K: play or pause/)
    player.focus()
    await user.keyboard(' ')
    expect(element.paused).toBe(false)
    playTo(element, 30)
    await user.keyboard('{ArrowLeft}')
    expect(element.currentTime).toBe(25)
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(element.currentTime).toBe(35)
    await user.keyboard('k')
    expect(element.paused).toBe(true)

    await user.hover(screen.getByRole('button', { name: 'Keyboard shortcuts' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/Left arrow: back 5 seconds/)
  })

  it('shows the time played and the length', async () => {
    const { element } = await renderLoaded({ config: audioConfig() })
    playTo(element, 65 / 2)
    expect(screen.getByText('0:32 / 1:00')).toBeInTheDocument()
  })
})

describe('AudioWidget preferences', () => {
  it('plays on hover with the play_on_hover preference', async () => {
    const preferences: Preferences = { ...NO_PREFERENCES, play_on_hover: true }
    const { user, element } = await renderLoaded({ config: audioConfig(), preferences })
    const player = screen.getByRole('group', { name: 'Audio player: Recording' })

    await user.hover(player)
    expect(element.paused).toBe(false)
    await user.unhover(player)
    expect(element.paused).toBe(true)
  })

  it('does not play on hover without it', async () => {
    const { user, element } = await renderLoaded({ config: audioConfig() })
    await user.hover(screen.getByRole('group', { name: 'Audio player: Recording' }))
    expect(element.paused).toBe(true)
  })

  async function playBoth(preferences: Preferences) {
    const user = userEvent.setup()
    renderInProviders(<TwoRecordings preferences={preferences} />)
    scrollAllIntoView()
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Play' })).toHaveLength(2))
    const [first, second] = [...document.querySelectorAll('audio')]
    const [playFirst, playSecond] = screen.getAllByRole('button', { name: 'Play' })
    await user.click(playFirst!)
    await user.click(playSecond!)
    return { first: first!, second: second! }
  }

  it('plays one audio at a time', async () => {
    const { first, second } = await playBoth(NO_PREFERENCES)
    expect(first.paused).toBe(true)
    expect(second.paused).toBe(false)
  })

  it('lets audios overlap with the overlapping_playback preference', async () => {
    const { first, second } = await playBoth({ ...NO_PREFERENCES, overlapping_playback: true })
    expect(first.paused).toBe(false)
    expect(second.paused).toBe(false)
  })
})

describe('AudioWidget with protected audio', () => {
  it('says once that this browser cannot play it, with no player and no plain fallback', async () => {
    // jsdom, like Safari, offers no clear-key system.
    renderWidget({ config: audioConfig(), mediaUrl, initial: { uuid: 'protected' } })
    scrollAllIntoView()

    expect(
      await screen.findByText(
        "This task's audio is protected and cannot be played in this browser; use a current Chrome, Edge or Firefox on a computer or on Android.",
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument()
    expect(document.querySelector('audio')).toBeNull()
    expect(objectUrls.create).not.toHaveBeenCalled()
  })
})

describe('AudioWidget played to end', () => {
  it('records audio_played_to_end in an annotation value', async () => {
    const onChange = vi.fn()
    const { element } = await renderLoaded({ config: audioConfig(), onChange })

    playToEnd(element)
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ uuid: 'a1', audio_played_to_end: true })
    // After the end the whole sample has been heard, so every point may be sought.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back 5 seconds' }))
    expect(element.currentTime).toBe(55)
    playToEnd(element)
    expect(onChange).toHaveBeenCalledOnce()
  })

  it('reports the end of an item audio through onAudioPlayedToEnd', async () => {
    const onAudioPlayedToEnd = vi.fn()
    const { element } = await renderLoaded({
      name: 'recording',
      config: audioConfig(),
      readOnly: true,
      onAudioPlayedToEnd,
    })

    playToEnd(element)
    expect(onAudioPlayedToEnd).toHaveBeenCalledWith('recording')
  })
})

describe('AudioWidget current time tag', () => {
  it('inserts the current time into the text field last focused, apart from its words', async () => {
    const user = userEvent.setup()
    renderInProviders(<TaggedItem />)
    scrollAllIntoView()
    await screen.findByRole('button', { name: 'Play' })
    const transcript = screen.getByRole('textbox', { name: 'Transcript' }) as HTMLTextAreaElement

    await user.click(transcript)
    transcript.setSelectionRange(3, 3)
    playTo(document.querySelector('audio')!, 12.34)
    await user.click(screen.getByRole('button', { name: 'Insert current time tag' }))

    expect(transcript).toHaveValue('one [12.3] two')
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('')
  })

  it('is not offered on a read-only item', async () => {
    renderInProviders(<TaggedItem readOnly />)
    scrollAllIntoView()
    await screen.findByRole('button', { name: 'Play' })
    expect(
      screen.queryByRole('button', { name: 'Insert current time tag' }),
    ).not.toBeInTheDocument()
  })
})

describe('screen-level audio shortcuts', () => {
  it("toggles and replays an item's audio", async () => {
    const { element } = await renderLoaded({ config: audioConfig(), itemId: 4 })

    expect(toggleItemAudio(99)).toBe(false)
    act(() => {
      toggleItemAudio(4)
    })
    expect(element.paused).toBe(false)
    playTo(element, 30)
    act(() => {
      replayItemAudio(4)
    })
    expect(element.currentTime).toBe(0)
    expect(element.paused).toBe(false)
    act(() => {
      toggleItemAudio(4)
    })
    expect(element.paused).toBe(true)
  })
})
