import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../../../contract/constants'
import { offlineDb } from '../../../offline/db'
import { TIMELOG_ACTIVITY } from '../../../offline/operations/timelog-activity'
import { syncOutbox } from '../../../offline/outbox'
import { storage } from '../../../storage'
import { apiError, makeUser, setupApiServer } from '../../../test/api'
import { beforeSignOut, signOut } from '../../auth/session'
import { activityContextOf } from './activity-context'
import { activityTracker, finishActivityBeforeSignOut } from './useActivityTracker'

const server = setupApiServer()
const SAMPLE_PATH = '/api/timelogs/submit-activity/'

/** The server's side of a session: samples it stored, and every call in the order it came. */
function serverSession(userId: number) {
  const session = {
    signedIn: userId as number | null,
    calls: [] as string[],
    stored: [] as unknown[],
  }
  server.use(
    http.post(SAMPLE_PATH, async ({ request }) => {
      session.calls.push('submit-activity')
      if (session.signedIn === null) {
        return apiError(401, 'Authentication credentials were not provided.', 'not_authenticated')
      }
      session.stored.push({ user: session.signedIn, ...((await request.json()) as object) })
      return HttpResponse.json([], { status: 201 })
    }),
    http.post('/api/auth/session/logout/', () => {
      session.calls.push('logout')
      session.signedIn = null
      return new HttpResponse(null, { status: 204 })
    }),
    http.post('/api/auth/oidc/logout/', () => HttpResponse.json({ logout_url: null })),
  )
  return session
}

function signInOnDevice(userId: number) {
  storage.set('user', makeUser({ id: userId }))
}

/** A minute's work on a task: moves, clicks and key presses, as the page's listeners record them. */
function workOnTask(userId: number) {
  activityTracker.start(String(userId), activityContextOf('/tasks/4/9/'))
  activityTracker.record('move')
  activityTracker.record('click')
  activityTracker.record('key')
  activityTracker.record('key')
}

let stopListening: () => void

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('outbox')
  await db.clear('rejections')
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=csrf-token; path=/`
  // As the signed-in shell's tracker does (useActivityTracker).
  stopListening = beforeSignOut(finishActivityBeforeSignOut)
})

afterEach(() => {
  stopListening()
  activityTracker.stop()
})

describe('signing out', () => {
  it('sends the sample in progress before the session ends, and the server stores it', async () => {
    signInOnDevice(7)
    const session = serverSession(7)
    workOnTask(7)

    await signOut(new QueryClient())

    expect(session.calls).toEqual(['submit-activity', 'logout'])
    expect(session.stored).toEqual([
      expect.objectContaining({ user: 7, source: 'TASK', task: 4, item_set: 9, key_clicks: 2 }),
    ])
    expect(await (await offlineDb()).getAll('outbox')).toEqual([])
  })

  it('keeps a sample the server refused with 401 for the same user’s next session only', async () => {
    signInOnDevice(7)
    const session = serverSession(7)
    // The session ended elsewhere (a password reset): the server refuses the last sample.
    session.signedIn = null
    workOnTask(7)

    await signOut(new QueryClient())

    const kept = await (await offlineDb()).getAll('outbox')
    expect(kept).toEqual([expect.objectContaining({ kind: TIMELOG_ACTIVITY, owner: '7' })])
    expect(session.stored).toEqual([])

    // Another user signs in on this device: the sample is not sent under their session.
    signInOnDevice(8)
    session.signedIn = 8
    await syncOutbox({ force: true }) // past the refused send's backoff
    expect(session.stored).toEqual([])

    // Its own user signs in again: it is stored as theirs.
    signInOnDevice(7)
    session.signedIn = 7
    await syncOutbox({ force: true }) // past the refused send's backoff
    expect(session.stored).toEqual([expect.objectContaining({ user: 7, key_clicks: 2 })])
    expect(await (await offlineDb()).getAll('outbox')).toEqual([])
  })
})
