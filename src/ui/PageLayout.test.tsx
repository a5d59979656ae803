import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screenOfWidth } from '../test/media-queries'
import { renderWithRouter } from '../test/render'
import { PageLayout, type PageMenuItem } from './PageLayout'

const MENU: PageMenuItem[] = [
  {
    label: 'Users',
    to: '/coordinator/users',
    badge: 5,
    children: [
      { label: 'Users list', to: '/coordinator/users/list', badge: 2 },
      { label: 'Profile approvals', to: '/coordinator/users/profile_approvals', badge: 3 },
      { label: 'Registration keys', to: '/coordinator/users/register' },
    ],
  },
  { label: 'Time Logs', to: '/coordinator/timelogs', badge: 1 },
  { label: 'Item Sets', to: '/coordinator/item-sets' },
]

function renderLayout(path: string) {
  renderWithRouter(
    <PageLayout menuLabel="Coordinator sections" menu={MENU}>
      <h1>The page</h1>
    </PageLayout>,
    { path },
  )
}

/** What a reader meets, in the page's order: the menus and the content's heading. */
function readingOrder(): string[] {
  const parts = [
    screen.getByRole('navigation', { name: 'Coordinator sections' }),
    screen.getByRole('navigation', { name: 'Users' }),
    screen.getByRole('heading', { name: 'The page' }),
  ]
  return parts
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((part) => part.getAttribute('aria-label') ?? part.textContent ?? '')
}

/** A menu's links by name (badges included), and which one is the current page. */
function menuOf(name: string) {
  const links = within(screen.getByRole('navigation', { name })).getAllByRole('link')
  return {
    links: links.map((link) => link.textContent),
    current: links
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent),
  }
}

describe('the page layout of an area', () => {
  afterEach(() => vi.restoreAllMocks())

  it('puts the sections left and the sub-menu right of the content on a wide screen', async () => {
    screenOfWidth(1600)
    renderLayout('/coordinator/users/list')
    await screen.findByRole('heading', { name: 'The page' })

    expect(readingOrder()).toEqual(['Coordinator sections', 'The page', 'Users'])
    expect(menuOf('Coordinator sections')).toEqual({
      links: ['Users5', 'Time Logs1', 'Item Sets'],
      current: ['Users5'],
    })
    expect(menuOf('Users')).toEqual({
      links: ['Users list2', 'Profile approvals3', 'Registration keys'],
      current: ['Users list2'],
    })
  })

  it.each([
    ['a laptop', 1280],
    ['a tablet', 820],
    ['a phone', 390],
  ])('folds both menus into bars above the content on %s, badges and all', async (_, width) => {
    screenOfWidth(width)
    renderLayout('/coordinator/users/profile_approvals')
    await screen.findByRole('heading', { name: 'The page' })

    expect(readingOrder()).toEqual(['Coordinator sections', 'Users', 'The page'])
    expect(menuOf('Coordinator sections')).toEqual({
      links: ['Users5', 'Time Logs1', 'Item Sets'],
      current: ['Users5'],
    })
    expect(menuOf('Users')).toEqual({
      links: ['Users list2', 'Profile approvals3', 'Registration keys'],
      current: ['Profile approvals3'],
    })
  })

  it('shows no sub-menu for a section without one', async () => {
    screenOfWidth(820)
    renderLayout('/coordinator/item-sets')
    await screen.findByRole('heading', { name: 'The page' })

    expect(screen.getAllByRole('navigation')).toHaveLength(1)
    expect(menuOf('Coordinator sections').current).toEqual(['Item Sets'])
  })
})
