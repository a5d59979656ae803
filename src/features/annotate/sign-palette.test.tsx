import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { TaskSchemaDocument } from '../../../contract/task-schema'
import { setupApiServer, signedInHandlers } from '../../test/api'
import { renderApp } from '../../test/render'
import { readStoredItemSet } from './stored'
import {
  itemSetHandlers,
  makeAnnotation,
  makeItem,
  makeItemSet,
  resetOfflineDb,
  testSchema,
} from './test-fixtures'

const server = setupApiServer()

/** The test schema with the sign palette under the transcript. */
const schema: TaskSchemaDocument = {
  ...testSchema,
  annotation_schema: {
    ...testSchema.annotation_schema,
    transcript: {
      ...testSchema.annotation_schema.transcript!,
      widget: {
        config: { component: 'textarea', label: 'Transcript', showDiacriticalSigns: true },
      },
    },
  },
}

const view = makeItemSet({
  schema,
  items: [makeItem(11, makeAnnotation({ data: { transcript: 'wa' } }))],
})

beforeEach(async () => {
  await resetOfflineDb()
  server.use(...signedInHandlers({ permissions: ['endworker'] }), ...itemSetHandlers(view))
})

async function transcript() {
  const card = within(await screen.findByRole('region', { name: 'Item #11' }))
  return {
    card,
    field: card.getByRole('textbox', { name: 'Transcript' }) as HTMLTextAreaElement,
  }
}

describe('diacritic sign palette of the annotation screen', () => {
  it('inserts a sign of the task’s language at the caret and keeps the focus in the field', async () => {
    renderApp('/tasks/3/55')
    const { card, field } = await transcript()

    field.focus()
    field.setSelectionRange(1, 1)
    await userEvent.click(card.getByRole('button', { name: 'Insert ł (l with stroke)' }))

    expect(field).toHaveValue('wła')
    expect(field).toHaveFocus()
    expect(field.selectionStart).toBe(2)
    await userEvent.keyboard('ó')
    expect(field).toHaveValue('włóa')
  })

  it('names each sign’s description in a tooltip', async () => {
    renderApp('/tasks/3/55')
    const { card } = await transcript()

    await userEvent.hover(card.getByRole('button', { name: 'Insert ą (a with ogonek)' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('a with ogonek')
  })

  it('keeps the signs in the device’s copy for offline work', async () => {
    const online = renderApp('/tasks/3/55')
    await transcript()
    await waitFor(async () => expect(await readStoredItemSet(55)).toBeDefined())
    online.unmount()

    server.use(http.get('/api/endworker/item-sets/55/', () => HttpResponse.error()))
    renderApp('/tasks/3/55')
    const { card } = await transcript()
    expect(card.getByRole('button', { name: 'Insert ł (l with stroke)' })).toBeVisible()
  })
})
