import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../contract/roles'
import {
  apiError,
  instanceSettingsHandler,
  makeInstanceSettings,
  setupApiServer,
  signedInHandlers,
  signedOutHandlers,
} from '../../test/api'
import { renderApp } from '../../test/render'
import { openPolicyPreview } from '../policies'

vi.mock('../policies', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../policies')>()),
  openPolicyPreview: vi.fn(),
}))

const server = setupApiServer()

const PUBLIC_TOOLTIP = 'Public instance only for non-sensitive and non-confidential data!'

async function renderFooter({ permissions }: { permissions?: Role[] } = {}) {
  if (permissions) server.use(...signedInHandlers({ permissions }))
  else server.use(...signedOutHandlers)
  const rendered = renderApp(permissions ? '/timelogs' : '/login')
  const footer = await screen.findByRole('contentinfo')
  return { ...rendered, footer }
}

describe('footer versions', () => {
  it('shows the front-end and back-end versions', async () => {
    const { footer } = await renderFooter()

    expect(footer).toHaveTextContent('Front-end 2.57.0')
    await waitFor(() => expect(footer).toHaveTextContent('Back-end 3.1.4'))
  })

  it.each([
    ['fails', () => apiError(500, 'Boom')],
    ['cannot be reached', () => HttpResponse.error()],
  ])("says 'unknown' when the instance settings call %s", async (_how, answer) => {
    server.use(http.get('/api/instance-settings/', answer))
    const { footer } = await renderFooter()

    await waitFor(() => expect(footer).toHaveTextContent('Back-end unknown'))
  })
})

describe('public instance marker', () => {
  it.each([
    ['absent', makeInstanceSettings({ public_instance: undefined })],
    ['null', makeInstanceSettings({ public_instance: null })],
    ['true', makeInstanceSettings({ public_instance: true })],
  ])('is shown when the setting is %s, with its warning', async (_value, settings) => {
    server.use(instanceSettingsHandler(settings))
    const { footer } = await renderFooter()

    const marker = await within(footer).findByText('Public instance!')
    await userEvent.hover(marker)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(PUBLIC_TOOLTIP)
  })

  it('is shown when the settings cannot be fetched', async () => {
    server.use(http.get('/api/instance-settings/', () => apiError(503, 'Internal network only.')))
    const { footer } = await renderFooter()

    expect(await within(footer).findByText('Public instance!')).toBeInTheDocument()
  })

  it('is shown while the settings are on their way, so the footer keeps its height', async () => {
    server.use(http.get('/api/instance-settings/', () => new Promise<never>(() => {})))
    const { footer } = await renderFooter()

    expect(within(footer).getByText('Public instance!')).toBeInTheDocument()
    expect(footer).toHaveTextContent('Back-end …')
  })

  it('is hidden on a confidential instance', async () => {
    server.use(instanceSettingsHandler(makeInstanceSettings({ public_instance: false })))
    const { footer } = await renderFooter()

    await waitFor(() => expect(footer).toHaveTextContent('Back-end 3.1.4'))
    expect(within(footer).queryByText('Public instance!')).toBeNull()
  })
})

describe('footer links', () => {
  const linkNames = (footer: HTMLElement) =>
    [...within(footer).queryAllByRole('button'), ...within(footer).queryAllByRole('link')].map(
      (element) => element.textContent,
    )

  it('offers only the privacy policy to a signed-out visitor', async () => {
    const { footer } = await renderFooter()

    expect(linkNames(footer)).toEqual(['Privacy Policy'])
  })

  it('adds the cookie policy, but no API link, for a regular user', async () => {
    const { footer } = await renderFooter({ permissions: ['endworker'] })

    await waitFor(() => expect(linkNames(footer)).toEqual(['Privacy Policy', 'Cookie Policy']))
  })

  it('hides the API link from a user without any permission', async () => {
    const { footer } = await renderFooter({ permissions: [] })

    await waitFor(() => expect(linkNames(footer)).toEqual(['Privacy Policy', 'Cookie Policy']))
  })

  it('adds the API link, opening in a new tab, for other signed-in users', async () => {
    const { footer } = await renderFooter({ permissions: ['endworker', 'reviewer'] })

    const api = await within(footer).findByRole('link', { name: 'API' })
    expect(api).toHaveAttribute('href', '/api/')
    expect(api).toHaveAttribute('target', '_blank')
    expect(api).toHaveAttribute('rel', expect.stringContaining('noopener'))
  })

  it('opens the policies in preview mode', async () => {
    const user = userEvent.setup()
    const { footer } = await renderFooter({ permissions: ['endworker'] })

    await user.click(within(footer).getByRole('button', { name: 'Privacy Policy' }))
    expect(openPolicyPreview).toHaveBeenLastCalledWith('information-clause')
    await user.click(await within(footer).findByRole('button', { name: 'Cookie Policy' }))
    expect(openPolicyPreview).toHaveBeenLastCalledWith('cookie-policy')
  })
})
