import { act, render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type PageSettled = typeof import('./page-settled')

/** A fresh copy of the module: its state (loaded, drawn, settled) lasts for the page's life. */
async function freshPage(): Promise<PageSettled> {
  vi.resetModules()
  return import('./page-settled')
}

describe('the page settling', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('waits for the first page to be drawn, then for an idle moment', async () => {
    const page = await freshPage()
    const deferred = vi.fn()
    page.whenPageSettled(deferred)

    await vi.advanceTimersByTimeAsync(1000)
    expect(deferred).not.toHaveBeenCalled()

    page.markFirstPageDrawn()
    expect(deferred).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(0)
    expect(deferred).toHaveBeenCalledTimes(1)

    const late = vi.fn()
    page.whenPageSettled(late)
    expect(late).toHaveBeenCalledTimes(1)
  })

  it('settles five seconds after the load when the first page never comes', async () => {
    const page = await freshPage()
    const deferred = vi.fn()
    page.whenPageSettled(deferred)

    await vi.advanceTimersByTimeAsync(4900)
    expect(deferred).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(200)
    expect(deferred).toHaveBeenCalledTimes(1)
  })

  it('shows what waits for it once it has settled', async () => {
    const page = await freshPage()
    render(createElement(page.AfterPageSettled, null, 'Later part'))
    expect(screen.queryByText('Later part')).not.toBeInTheDocument()

    page.markFirstPageDrawn()
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('Later part')).toBeInTheDocument()
  })

  it('shows at once what is mounted after the page has settled', async () => {
    const page = await freshPage()
    page.markFirstPageDrawn()
    await vi.advanceTimersByTimeAsync(0)

    render(createElement(page.AfterPageSettled, null, 'Opened later'))
    expect(screen.getByText('Opened later')).toBeInTheDocument()
  })

  it('shows the parts around the first page a frame after that page, not with it', async () => {
    const page = await freshPage()
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback)
      return frames.length
    })
    render(createElement(page.AfterFirstPagePainted, null, 'Header menu'))

    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.queryByText('Header menu')).not.toBeInTheDocument()

    page.markFirstPageDrawn()
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.queryByText('Header menu')).not.toBeInTheDocument()

    for (const frame of frames) frame(performance.now())
    expect(screen.queryByText('Header menu')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(screen.getByText('Header menu')).toBeInTheDocument()
  })
})
