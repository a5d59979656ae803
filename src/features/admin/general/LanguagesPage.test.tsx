import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { AdminLanguage } from '../../../../contract/admin'
import { storage } from '../../../storage'
import { setupApiServer } from '../../../test/api'
import { renderWithRouter } from '../../../test/render'
import { LanguagesPage } from './LanguagesPage'

const saved: AdminLanguage[] = []
const server = setupApiServer(
  http.get('/api/admin/languages/', () =>
    HttpResponse.json({ count: saved.length, next: null, previous: null, results: saved }),
  ),
)

describe('LanguagesPage', () => {
  // It types a whole form twice over: give a loaded machine time.
  it('keeps typed signs through a remount and sends them parsed from the sign list text', {
    timeout: 30_000,
  }, async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/admin/languages/', async ({ request }) => {
        const body = (await request.json()) as Omit<AdminLanguage, 'id'>
        sent.push(body)
        saved.push({ id: 7, ...body })
        return HttpResponse.json({ id: 7, ...body }, { status: 201 })
      }),
    )
    const user = userEvent.setup({ delay: null })
    const first = renderWithRouter(<LanguagesPage />)
    await user.click(await screen.findByRole('button', { name: 'New language' }))
    let dialog = await screen.findByRole('dialog', { name: 'New language' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Kashubian')
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'csb')
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Diacritic signs' }),
      'ã - a tilde{Enter}{Enter}  é  {Enter}ã - again',
    )
    const preview = within(dialog).getByRole('group', { name: 'Signs the annotators will see' })
    expect(
      within(preview)
        .getAllByText(/^.$/)
        .map((badge) => badge.textContent),
    ).toEqual(['ã', 'é'])

    // A closed tab or a reload: the next form starts from the draft.
    first.unmount()
    renderWithRouter(<LanguagesPage />)
    await user.click(await screen.findByRole('button', { name: 'New language' }))
    dialog = await screen.findByRole('dialog', { name: 'New language' })
    expect(within(dialog).getByText('Unsaved changes restored')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Kashubian')

    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      code: 'csb',
      name: 'Kashubian',
      diacritic_signs: [
        { sign: 'ã', description: 'a tilde' },
        { sign: 'é', description: '' },
      ],
    })
    expect(await screen.findByRole('cell', { name: 'ã é' })).toBeInTheDocument()
    expect(storage.get('formDrafts')?.['admin:language:new']).toBeUndefined()
  })
})
