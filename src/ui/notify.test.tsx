import { notifications } from '@mantine/notifications'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/client'
import { renderWithRouter } from '../test/render'
import { notifyError, notifySuccess, notifyWarning } from './notify'

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

function renderNotifications() {
  const show = vi.spyOn(notifications, 'show')
  renderWithRouter(null)
  return show
}

describe('notification helpers', () => {
  it("says 'Saved' for a second by default on success", async () => {
    const show = renderNotifications()
    act(() => notifySuccess())

    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 1000, color: 'green' }))
  })

  it('shows a warning for three seconds', async () => {
    const show = renderNotifications()
    act(() => notifyWarning({ title: 'Careful', message: 'The lock ends soon.' }))

    expect(await screen.findByText('The lock ends soon.')).toBeInTheDocument()
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 3000 }))
  })

  it("says 'Something went wrong :(' for five seconds by default on error", async () => {
    const show = renderNotifications()
    act(() => notifyError({ error: new ApiError(400, 'validation_error', 'Bad input.') }))

    expect(await screen.findByText('Something went wrong :(')).toBeInTheDocument()
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 5000, color: 'red' }))
  })

  it.each([401, 403, 404, 500, 503])(
    'stays silent for HTTP %i, which the shell already reports',
    (status) => {
      const show = renderNotifications()
      act(() => notifyError({ error: new ApiError(status, 'server_error', 'Failed.') }))

      expect(show).not.toHaveBeenCalled()
    },
  )
})
