import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screenOfWidth } from '../../test/media-queries'
import { renderWithRouter } from '../../test/render'
import { ItemSetHeader } from './ItemSetHeader'
import { makeItemSet } from './test-fixtures'

async function renderHeader() {
  const view = makeItemSet({
    lock_expiration_timestamp: new Date(Date.now() + 90 * 60_000).toISOString(),
  })
  renderWithRouter(
    <ItemSetHeader
      view={view}
      done={1}
      offline={(compact) => <span>{compact ? 'offline icon' : 'Available offline'}</span>}
      tools={<button type="button">Shortcuts</button>}
      sync={<button type="button">Sync status</button>}
      lockEnded={false}
      alert={<div role="alert">Unable to save</div>}
    />,
  )
  await screen.findByRole('progressbar', { name: 'Items done' })
  return view
}

/** The nearest element holding the progress bar and the refused save's message together. */
function stickyPart() {
  const alert = screen.getByRole('alert')
  let box = screen.getByRole('progressbar', { name: 'Items done' }).parentElement
  while (box && !box.contains(alert)) box = box.parentElement
  return box!
}

describe('the item set header', () => {
  afterEach(() => vi.restoreAllMocks())

  it('keeps the title, progress, lock and offline copy together on a wide screen', async () => {
    screenOfWidth(1280)
    const view = await renderHeader()

    const header = stickyPart()
    expect(within(header).getByText('Available offline')).toBeVisible()
    expect(within(header).getByRole('heading', { name: view.task.description })).toBeVisible()
    expect(within(header).getByText(/^Lock ends in 1:[23]\d:\d\d$/)).toBeVisible()
    expect(within(header).getByRole('alert')).toHaveTextContent('Unable to save')
    // The app header shows the sync state there.
    expect(screen.queryByRole('button', { name: 'Sync status' })).not.toBeInTheDocument()
  })

  it('puts progress, lock, offline copy and sync on one bar apart from the title on a phone', async () => {
    screenOfWidth(390)
    const view = await renderHeader()

    const bar = stickyPart()
    expect(within(bar).getByText('offline icon')).toBeVisible()
    expect(within(bar).getByText('Done: 1 of 2')).toBeVisible()
    expect(within(bar).getByText(/^Lock ends in 1:[23]\d:\d\d$/)).toBeInTheDocument()
    expect(within(bar).getByRole('button', { name: 'Sync status' })).toBeVisible()
    expect(within(bar).getByRole('alert')).toHaveTextContent('Unable to save')
    // The title, the protocol and the tools scroll away with the page.
    const title = screen.getByRole('heading', { name: view.task.description })
    expect(bar).not.toContainElement(title)
    expect(bar).not.toContainElement(screen.getByRole('link', { name: 'Protocol' }))
    expect(bar).not.toContainElement(screen.getByRole('button', { name: 'Shortcuts' }))
  })
})
