import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createTestQueryClient, TestProviders } from '../../test/render'
import { RouteErrorPage } from './StatusPages'

describe('route error page', () => {
  it('explains the failure and loads the page again on retry', async () => {
    let attempts = 0
    const rootRoute = createRootRoute({ errorComponent: RouteErrorPage })
    const page = createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      loader: () => {
        attempts += 1
        if (attempts === 1) throw new Error('The list could not be read.')
      },
      component: () => <p>Loaded page</p>,
    })
    const router = createRouter({
      routeTree: rootRoute.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    })
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </TestProviders>,
    )

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('The list could not be read.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/')

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Loaded page')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })
})
