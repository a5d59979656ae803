import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../contract/constants'
import { i18n } from '../i18n/i18n'
import { setupApiServer } from '../test/api'
import { ApiError, api, dropEarlyAnswers, requestEarly } from './client'

const server = setupApiServer()

/** Answers GET /api/things/ with how many times it was asked; counts the requests. */
function countedThings() {
  const counter = { requests: 0 }
  server.use(
    http.get('/api/things/', () => {
      counter.requests += 1
      return HttpResponse.json({ answer: counter.requests })
    }),
  )
  return counter
}

describe('early answers', () => {
  afterEach(dropEarlyAnswers)

  it('answer the first GET of their path, which asks nothing itself', async () => {
    const counter = countedThings()
    requestEarly('things/')

    expect(await api('things/')).toEqual({ answer: 1 })
    expect(counter.requests).toBe(1)
  })

  it('are taken once: the next call asks the server', async () => {
    const counter = countedThings()
    requestEarly('things/')
    await api('things/')

    expect(await api('things/')).toEqual({ answer: 2 })
    expect(counter.requests).toBe(2)
  })

  it('are not kept once dropped', async () => {
    const counter = countedThings()
    requestEarly('things/')
    await expect.poll(() => counter.requests).toBe(1)
    dropEarlyAnswers()

    expect(await api('things/')).toEqual({ answer: 2 })
  })

  it('are not used for another address or a call with its own headers', async () => {
    const counter = countedThings()
    requestEarly('things/')
    await expect.poll(() => counter.requests).toBe(1)

    expect(await api('things/', { query: { page: 2 } })).toEqual({ answer: 2 })
    expect(await api('things/', { headers: { 'X-Reason': 'check' } })).toEqual({ answer: 3 })
    expect(await api('things/')).toEqual({ answer: 1 })
  })

  it('carry a failure to the call that takes them, as its own error', async () => {
    server.use(http.get('/api/things/', () => HttpResponse.error()))
    requestEarly('things/')

    const failure = await api('things/').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ status: 0, code: 'network_error' })
  })
})

describe('the display language', () => {
  afterEach(() => i18n.activate('en'))

  it('goes with every call, so the server answers its messages in it', async () => {
    const languages: (string | null)[] = []
    server.use(
      http.all('/api/things/', ({ request }) => {
        languages.push(request.headers.get('Accept-Language'))
        return HttpResponse.json({ detail: 'Nom déjà pris.', code: 'conflict' }, { status: 409 })
      }),
    )
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
    document.cookie = `${CSRF_COOKIE}=token; path=/`
    i18n.load('fr', {})
    i18n.activate('fr')

    const failure = await api('things/', { method: 'POST', body: {} }).catch((error) => error)
    await api('things/', { handledStatuses: [409] }).catch(() => undefined)

    expect(languages).toEqual(['fr', 'fr'])
    expect(failure).toMatchObject({ status: 409, detail: 'Nom déjà pris.' })
  })
})
