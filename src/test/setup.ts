import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { preloadMarkdown } from '../ui/Markdown'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

// jsdom lacks these browser APIs that Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})
class ResizeObserverPolyfill {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverPolyfill as unknown as typeof ResizeObserver
window.HTMLElement.prototype.scrollIntoView ??= () => {}
// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() })

// Markdown renders through a lazily loaded chunk; tests see texts as an app that has loaded it.
await preloadMarkdown()
