import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { OFFLINE_DB_NAME } from '../../offline/db'
import { hasUnsyncedChanges } from '../../offline/outbox'
import { edit, insertRaw, TEST_KIND } from '../../offline/test-helpers'
import { createTestQueryClient, TestProviders } from '../../test/render'
import { SyncIndicator } from './SyncIndicator'

describe('SyncIndicator right after a page load', () => {
  // This file's app outbox is fresh: nothing has read the device yet, as at a page load.
  it('claims no count until the outbox has read this device, then shows what waits there', async () => {
    await insertRaw(OFFLINE_DB_NAME, {
      id: 'left-by-the-last-visit',
      kind: TEST_KIND,
      key: null,
      payload: edit('a', 1),
      owner: null,
      createdAt: 0,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
    })
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <SyncIndicator />
      </TestProviders>,
    )

    const indicator = screen.getByRole('button', { name: /^Sync status/ })
    expect(indicator).toHaveAccessibleName('Sync status: online, checking this device')
    expect(indicator).not.toHaveTextContent(/\d/)
    await userEvent.click(indicator)
    expect(await screen.findByText('Checking this device for changes not yet sent…')).toBeVisible()

    await act(() => hasUnsyncedChanges())
    // The button the popover was made around, in place of the first one.
    const opened = screen.getByRole('button', { name: /^Sync status/ })
    await waitFor(() =>
      expect(opened).toHaveAccessibleName('Sync status: online, 1 unsynced change'),
    )
    expect(opened).toHaveTextContent('1')
    expect(screen.queryByText('Checking this device for changes not yet sent…')).toBeNull()
    expect(
      screen.getByText('1 change waits on this device and is sent when the server can be reached.'),
    ).toBeVisible()
  })
})
