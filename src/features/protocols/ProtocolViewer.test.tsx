import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, setupApiServer, signedInHandlers, signedOutHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { renderInProviders } from '../../widgets/test/render'
import { ProtocolViewer } from './ProtocolViewer'
import { PAGE_INPUT_DEBOUNCE_MS, PageJumpInput } from './pdf/PageJumpInput'
import type { ViewableProtocol } from './types'

const server = setupApiServer()

const text: ViewableProtocol = {
  serving_type: 'TXT',
  content: '# Rules\n\nWrite **exactly** what you hear.',
  diff: '--- version 1\n+++ version 2\n@@ -1,2 +1,2 @@\n # Rules\n-Write what you hear.\n+Write **exactly** what you hear.',
  show_changes: false,
}

afterEach(() => vi.useRealTimers())

describe('protocol viewer', () => {
  it('shows a text protocol as Markdown', () => {
    renderInProviders(<ProtocolViewer protocol={text} />)
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeVisible()
    expect(screen.getByText('exactly').tagName).toBe('STRONG')
    expect(screen.queryByRole('button', { name: 'Show full protocol' })).toBeNull()
  })

  it('shows the changes of a new version first, the full protocol on request', async () => {
    renderInProviders(<ProtocolViewer protocol={{ ...text, show_changes: true }} />)

    const changes = screen.getByRole('region', { name: 'Changes in this version' })
    expect(screen.getByText('-Write what you hear.')).toHaveAttribute('data-diff', 'removed')
    expect(screen.getByText('+Write **exactly** what you hear.')).toHaveAttribute(
      'data-diff',
      'added',
    )
    expect(screen.queryByRole('heading', { name: 'Rules' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Show full protocol' }))
    expect(changes).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeVisible()

    await userEvent.click(screen.getByRole('button', { name: 'Hide full protocol' }))
    expect(screen.getByRole('region', { name: 'Changes in this version' })).toBeVisible()
  })
})

describe('PDF page field', () => {
  function renderField() {
    vi.useFakeTimers()
    const onJump = vi.fn()
    renderInProviders(<PageJumpInput pageCount={12} onJump={onJump} />)
    const field = screen.getByRole('textbox', { name: 'Go to page' })
    const type = (value: string) => fireEvent.change(field, { target: { value } })
    const pause = (ms: number) => act(() => vi.advanceTimersByTime(ms))
    return { onJump, field, type, pause }
  }

  it('jumps to a whole page number 300 ms after typing stops', () => {
    const { onJump, type, pause } = renderField()
    type('1')
    pause(200)
    type('11')
    pause(PAGE_INPUT_DEBOUNCE_MS - 1)
    expect(onJump).not.toHaveBeenCalled()
    pause(1)
    expect(onJump).toHaveBeenCalledExactlyOnceWith(11)
  })

  it.each(['2.5', '-3', 'abc', '1e1'])('refuses %s with a message', (typed) => {
    const { onJump, field, type, pause } = renderField()
    type(typed)
    pause(PAGE_INPUT_DEBOUNCE_MS)
    expect(onJump).not.toHaveBeenCalled()
    expect(field).toBeInvalid()
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a whole page number.'))
  })

  it('refuses a page the document lacks', () => {
    const { onJump, field, type, pause } = renderField()
    type('13')
    pause(PAGE_INPUT_DEBOUNCE_MS)
    expect(onJump).not.toHaveBeenCalled()
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('There is no page 13: enter a number from 1 to 12.'),
    )
  })
})

describe('the protocol’s title', () => {
  it('shows once when the text opens with the same heading', () => {
    renderInProviders(<ProtocolViewer protocol={{ ...text, name: 'Rules' }} />)
    expect(screen.queryByRole('heading', { name: 'Rules' })).toBeNull()
    expect(screen.getByText('exactly')).toBeVisible()
  })

  it('leaves a different opening heading in the text', () => {
    renderInProviders(<ProtocolViewer protocol={{ ...text, name: 'Street rules' }} />)
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeVisible()
  })
})

const streetRules = {
  ...text,
  content: '# Street rules\n\nWrite **exactly** what you hear.',
  id: 8,
  name: 'Street rules',
  version: 3,
  created_timestamp: '2026-02-01T09:00:00.000Z',
}

describe('public protocol view', () => {
  it('shows the protocol by id to a visitor who is not signed in, its title once', async () => {
    server.use(
      ...signedOutHandlers,
      http.get('/api/media/protocols/8/', () => HttpResponse.json(streetRules)),
    )
    const { router } = renderApp('/protocols/8')

    expect(await screen.findByRole('heading', { name: 'Street rules' })).toBeVisible()
    expect(screen.getAllByRole('heading', { name: 'Street rules' })).toHaveLength(1)
    expect(screen.getByText(/^Version 3, published/)).toBeVisible()
    expect(await screen.findByText('exactly')).toBeVisible()
    expect(router.state.location.pathname).toBe('/protocols/8')
  })

  it('shows the not-found page for a protocol that does not exist', async () => {
    server.use(
      ...signedOutHandlers,
      http.get('/api/media/protocols/404/', () => apiError(404, 'Not found.', 'not_found')),
    )
    renderApp('/protocols/404')
    expect(await screen.findByText('Page not found')).toBeVisible()
  })
})

describe('reviewer protocol view', () => {
  it('loads the protocol by id', async () => {
    server.use(
      ...signedInHandlers({ permissions: ['reviewer'] }),
      http.get('/api/media/protocols/8/', () => HttpResponse.json(streetRules)),
    )
    renderApp('/review/protocols/8')
    expect(await screen.findByRole('heading', { name: 'Street rules' })).toBeVisible()
    expect(screen.getByText(/^Version 3, published/)).toBeVisible()
  })

  it('shows the not-found page for a protocol that does not exist', async () => {
    server.use(
      ...signedInHandlers({ permissions: ['reviewer'] }),
      http.get('/api/media/protocols/404/', () => apiError(404, 'Not found.', 'not_found')),
    )
    renderApp('/review/protocols/404')
    expect(await screen.findByText('Page not found')).toBeVisible()
  })
})
