import { describe, expect, it } from 'vitest'
import {
  isAppNavigation,
  isItemMedia,
  isLocaleChunk,
  isPdfWorker,
  isProtocolFile,
} from '../../sw/matchers'

describe('service worker routes', () => {
  it('answers every in-app navigation with the shell, but leaves the API to the server', () => {
    for (const path of ['/', '/login', '/login/john.doe', '/tasks/4/17/items', '/swagger']) {
      expect(isAppNavigation(path), path).toBe(true)
    }
    for (const path of ['/api', '/api/', '/api/docs', '/api/docs/static/index.html']) {
      expect(isAppNavigation(path), path).toBe(false)
    }
    expect(isAppNavigation('/apiary')).toBe(true)
  })

  it('caches item media of every area the spec lists', () => {
    for (const path of [
      '/api/client/fake-tasks/4/media/9/0b6f/',
      '/api/review/locked-items/3/media/9/0b6f/',
      '/api/review/reviewed-items/3/media/9/0b6f/',
      '/api/review/feedback/items/3/media/9/0b6f/',
      '/api/endworker/item-sets/12/media/9/0b6f/',
    ]) {
      expect(isItemMedia(path), path).toBe(true)
    }
  })

  it('keeps protocols, the encrypted-audio licence and ordinary API calls out of the media cache', () => {
    for (const path of [
      '/api/media/protocols/5',
      '/api/media/encaudio/license/',
      '/api/endworker/item-sets/12/',
      '/api/endworker/item-sets/12/media/',
      '/media/x/media/y',
    ]) {
      expect(isItemMedia(path), path).toBe(false)
    }
  })

  it('recognises protocols, locale catalogs and the pdf.js worker', () => {
    expect(isProtocolFile('/api/media/protocols/5')).toBe(true)
    expect(isProtocolFile('/api/media/protocols/5/')).toBe(true)
    expect(isProtocolFile('/api/task-protocols/5/')).toBe(false)
    expect(isLocaleChunk('/locales/messages-7bHi18mP.js')).toBe(true)
    expect(isLocaleChunk('/assets/index-CX78Ih2G.js')).toBe(false)
    expect(isPdfWorker('/assets/pdf.worker.min-Abc123.mjs')).toBe(true)
    expect(isPdfWorker('/assets/pdf-Abc123.js')).toBe(false)
  })
})
