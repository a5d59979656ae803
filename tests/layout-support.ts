import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

/** The reviewers' tablets and a common phone (the issue's sizes; desktop is every spec's). */
export const NARROW_SCREENS = {
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const

/**
 * Nothing on the screen is wider than it (no sideways scrolling of the page, no cut-off content);
 * wide tables may scroll inside their own scroll container.
 */
export async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrollsItself = (element: Element | null): boolean => {
      for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true
      }
      return false
    }
    const wider = Array.from(document.querySelectorAll('main *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => !scrollsItself(element))
      .map((element) => element.outerHTML.slice(0, 120))
    const pageScrolls = document.documentElement.scrollWidth > width
    return pageScrolls ? ['the page scrolls sideways', ...wider] : wider
  })
  expect(overflow, 'elements wider than the screen').toEqual([])
}

/** A column's name on the page's list: its table's column header, or the name on each card. */
export function columnName(page: Page, name: string): Locator {
  const main = page.getByRole('main')
  return main
    .getByRole('columnheader', { name, exact: true })
    .or(main.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) }))
    .first()
}

/**
 * `target` is wholly on the screen once the page is scrolled down to it: nothing has to be
 * scrolled sideways to see it.
 */
export async function expectInReachWithoutSidewaysScrolling(target: Locator): Promise<void> {
  await target.evaluate((element) => {
    const { top } = element.getBoundingClientRect()
    window.scrollBy(0, top - window.innerHeight / 2)
  })
  await expect(target).toBeInViewport({ ratio: 1 })
}
