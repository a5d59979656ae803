import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
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
