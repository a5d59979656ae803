import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { CSRF_COOKIE } from '../../../contract/constants'
import { REVIEW_COMMENT_DEBOUNCE_MS } from '../../../contract/review'
import { offlineDb } from '../../offline/db'
import { syncOutbox } from '../../offline/outbox'
import '../../offline/operations/review-save'
import { storage } from '../../storage'
import { apiError, makeUser, setupApiServer, signedInHandlers } from '../../test/api'
import { createTestQueryClient, TestProviders } from '../../test/render'
import { pendingOps, resetOfflineDb } from '../annotate/test-fixtures'
import { readReviewDraft } from './drafts'
import { ReviewCard } from './ReviewCard'
import { ITEM } from './test-fixtures'

const server = setupApiServer()

/** The bodies the server got for the item's PATCH, in order. */
function recordPatches(answer?: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.patch('/api/review/locked-items/41/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      return answer?.() ?? HttpResponse.json({ ...ITEM, ...body, status: 'REVIEWED' })
    }),
  )
  return bodies
}

function renderCard() {
  return render(
    <TestProviders queryClient={createTestQueryClient()}>
      <ReviewCard item={ITEM} via="locked" active onFocus={() => {}} />
    </TestProviders>,
  )
}

const queuedFields = async () =>
  (await (await offlineDb()).getAll('outbox')).map(
    (op) => (op.payload as { fields: unknown }).fields,
  )

beforeEach(async () => {
  await resetOfflineDb()
  // The outbox sends only the signed-in user's changes.
  storage.set('user', makeUser())
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the API client reads this token.
  document.cookie = `${CSRF_COOKIE}=test-token; path=/`
  server.use(...signedInHandlers({ permissions: ['reviewer'] }))
})

describe('review card', () => {
  it('sends only the fields changed, and shows saved once the server confirms', async () => {
    const bodies = recordPatches()
    renderCard()
    await userEvent.click(screen.getByRole('radio', { name: '4 Very good' }))
    await userEvent.click(screen.getByText('Lexical'))
    await waitFor(() => expect(pendingOps()).toBe(1))
    // The newer save replaced the waiting one, and carries both changes.
    expect(await queuedFields()).toEqual([{ mark: 4, error_types: ['LEXICAL'] }])
    await syncOutbox()
    expect(bodies).toEqual([{ mark: 4, error_types: ['LEXICAL'] }])
    expect(
      await screen.findByLabelText('Your review was validated and saved in the database'),
    ).toBeInTheDocument()
    await waitFor(async () => expect(await readReviewDraft(41)).toBeUndefined())
  })

  it('shows saved once a mark given after a comment is confirmed, and keeps no draft to send again', async () => {
    const bodies = recordPatches()
    renderCard()
    await userEvent.type(screen.getByLabelText('Comment'), 'Typo')
    await userEvent.click(screen.getByRole('radio', { name: '3 Good' }))
    await waitFor(async () => expect(await queuedFields()).toEqual([{ comment: 'Typo', mark: 3 }]))
    await syncOutbox()
    expect(bodies).toEqual([{ mark: 3, comment: 'Typo' }])
    expect(
      await screen.findByLabelText('Your review was validated and saved in the database'),
    ).toBeInTheDocument()
    expect(await readReviewDraft(41)).toBeUndefined()
  })

  it('marks with the keys 1 to 5 and S on the active card', async () => {
    const bodies = recordPatches()
    renderCard()
    await userEvent.keyboard('s')
    expect(screen.getByRole('radio', { name: 'Skip' })).toHaveAttribute('aria-checked', 'true')
    await userEvent.keyboard('2')
    expect(screen.getByRole('radio', { name: '2 Poor' })).toHaveAttribute('aria-checked', 'true')
    await waitFor(() => expect(pendingOps()).toBe(1))
    await syncOutbox()
    expect(bodies).toEqual([{ mark: 2 }])
  })

  it.each([
    [
      "a lock another reviewer took, in the product's words",
      () => apiError(410, 'This review item is no longer locked to you.', 'lock_expired'),
      'Another reviewer took this item after its lock expired.',
      'error',
    ],
    [
      "a refused permission by the catalogue's title",
      () => apiError(403, 'You do not have permission.', 'permission_denied'),
      'Permissions error',
      'error',
    ],
    [
      "any other refusal as the spec's unknown error",
      () => apiError(409, 'Version mismatch in table row 12.', 'conflict'),
      'Unknown error',
      'error',
    ],
    [
      "a validation error with the field's message",
      () =>
        HttpResponse.json(
          {
            detail: 'Invalid body. comment: is too long',
            code: 'validation_error',
            fields: { comment: ['must be at most 5000 characters'] },
          },
          { status: 400 },
        ),
      'Validation error: comment: must be at most 5000 characters',
      'invalid',
    ],
  ])('shows %s', async (_case, answer, label, saveStatus) => {
    recordPatches(answer)
    renderCard()
    await userEvent.click(screen.getByRole('radio', { name: '5 Excellent' }))
    await waitFor(() => expect(pendingOps()).toBe(1))
    await syncOutbox()
    expect(await screen.findByLabelText(label)).toHaveAttribute('data-save-status', saveStatus)
  })

  it('stores each keystroke of the comment at once and sends it once, after 300 ms of quiet', async () => {
    const bodies = recordPatches()
    renderCard()
    await userEvent.type(screen.getByLabelText('Comment'), 'Typo')
    expect(screen.getByLabelText('Review is being processed')).toBeInTheDocument()
    await waitFor(async () => expect(await readReviewDraft(41)).toEqual({ comment: 'Typo' }))
    // One coalesced save, stored at once; its send waits for the pause.
    expect(await queuedFields()).toEqual([{ comment: 'Typo' }])
    await syncOutbox()
    expect(bodies).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, REVIEW_COMMENT_DEBOUNCE_MS + 50))
    await syncOutbox()
    expect(bodies).toEqual([{ comment: 'Typo' }])
  })
})
