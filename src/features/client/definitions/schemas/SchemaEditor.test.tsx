import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { setupApiServer } from '../../../../test/api'
import { renderWithRouter } from '../../../../test/render'
import { acme, clientGroupsHandler, fieldErrors, makeSchema, place } from '../test-fixtures'
import { SchemaCreatorPage } from './SchemaCreatorPage'

const server = setupApiServer(clientGroupsHandler([acme]))

async function renderCreator() {
  const user = userEvent.setup({ delay: null })
  const view = renderWithRouter(<SchemaCreatorPage />)
  await screen.findByRole('heading', { name: 'New task schema' })
  return { user, ...view }
}

const preview = () => within(screen.getByRole('region', { name: 'Live preview' }))
const field = (name: string) => within(screen.getByRole('group', { name: `Field ${name}` }))

async function addAnnotationField(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add an annotation field' }))
}

async function openJson(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'JSON' }))
  return screen.getByRole('textbox', { name: 'Schema JSON' }) as HTMLTextAreaElement
}

describe('the schema editor', () => {
  it('starts empty asking for an annotation field, and names no internal key when saved so', async () => {
    const { user } = await renderCreator()
    expect(screen.queryByText(/to fix before saving/)).toBeNull()
    expect(
      screen.getByText('No fields yet: add at least one for workers to fill in.'),
    ).toBeVisible()

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Empty')
    await user.click(screen.getByRole('button', { name: 'Create the schema' }))
    const problems = await screen.findByRole('alert', { name: '1 problem to fix before saving' })
    expect(problems).toHaveTextContent('Annotation fields: Define at least one annotation field.')
    expect(document.body).not.toHaveTextContent('annotation_schema')
  })

  it('adds a field, shown at once by the real widget in the live preview', async () => {
    const { user } = await renderCreator()
    expect(
      screen.getByText(
        'The preview appears once the schema has an annotation field and no problems.',
      ),
    ).toBeVisible()

    await addAnnotationField(user)

    expect(field('annotation_1').getByRole('textbox', { name: 'Field name' })).toHaveValue(
      'annotation_1',
    )
    expect(preview().getByRole('textbox', { name: 'annotation_1' })).toBeVisible()
  })

  it('changes the widget, its settings and data type follow', async () => {
    const { user } = await renderCreator()
    await addAnnotationField(user)

    await user.click(field('annotation_1').getByRole('combobox', { name: 'Widget' }))
    await user.click(screen.getByRole('option', { name: 'Checkbox' }))

    expect(field('annotation_1').getByRole('combobox', { name: 'Data type' })).toHaveValue('bool')
    expect(preview().getByRole('checkbox', { name: 'annotation_1' })).toBeVisible()

    await user.click(field('annotation_1').getByRole('combobox', { name: 'Widget' }))
    await user.click(screen.getByRole('option', { name: 'Dropdown' }))
    // A dropdown needs options before it can be shown.
    expect(
      field('annotation_1').getByRole('combobox', { name: 'Options of annotation_1' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining('A dropdown or radio widget needs at least one option.'),
    )
    await user.type(
      field('annotation_1').getByRole('combobox', { name: 'Options of annotation_1' }),
      'yes{Enter}no{Enter}',
    )
    expect(preview().getByRole('combobox', { name: 'annotation_1' })).toBeVisible()
  })

  it('keeps the JSON view and the form in step both ways', async () => {
    const { user } = await renderCreator()
    await addAnnotationField(user)
    await user.clear(field('annotation_1').getByRole('textbox', { name: 'Label of annotation_1' }))
    await user.type(
      field('annotation_1').getByRole('textbox', { name: 'Label of annotation_1' }),
      'Your answer',
    )

    const json = await openJson(user)
    expect(JSON.parse(json.value).annotation_schema.annotation_1.widget.config.label).toBe(
      'Your answer',
    )

    const edited = JSON.parse(json.value)
    edited.annotation_schema.annotation_1.widget.config.label = 'Transcript'
    edited.item_schema.prompt = {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(1, 0),
    }
    fireEvent.change(json, { target: { value: JSON.stringify(edited, null, 2) } })

    expect(preview().getByRole('textbox', { name: 'Transcript' })).toBeVisible()
    expect(preview().getByRole('textbox', { name: 'Prompt' })).toBeVisible()
    await user.click(screen.getByRole('tab', { name: 'Fields' }))
    await user.click(screen.getByRole('button', { name: /^prompt/ }))
    // The field opens with a transition: on a busy machine it takes a moment to be shown.
    const prompt = within(await screen.findByRole('group', { name: 'Field prompt' }))
    expect(prompt.getByRole('textbox', { name: 'Field name' })).toHaveValue('prompt')
  })

  it('puts each new field on the next free row, so no two fields ever share a cell', async () => {
    const { user } = await renderCreator()
    await user.click(screen.getByRole('button', { name: 'Add an item field' }))
    await addAnnotationField(user)
    await addAnnotationField(user)

    const rows = ['item_field_1', 'annotation_1', 'annotation_2'].map((name) =>
      field(name).getByRole('textbox', { name: 'Row' }),
    )
    expect(rows.map((row) => (row as HTMLInputElement).value)).toEqual(['0', '1', '2'])
    expect(screen.queryByText(/already takes row/)).toBeNull()
  })

  it('previews with sample media and shows no errors until a field is answered', async () => {
    const { user } = await renderCreator()
    const json = await openJson(user)
    const document = {
      item_schema: {
        recording: {
          widget: { config: { component: 'audio', label: 'Recording' } },
          grid_placement: place(0, 0),
        },
        photo: {
          widget: { config: { component: 'image', label: 'Photo' } },
          grid_placement: place(1, 0),
        },
      },
      annotation_schema: {
        transcript: {
          widget: { config: { component: 'text', label: 'Transcript' } },
          grid_placement: place(2, 0),
          data_type: 'string',
        },
      },
      validators: [{ type: 'required', field: 'transcript', severity: 'error' }],
      rows_visibility: [],
    }
    fireEvent.change(json, { target: { value: JSON.stringify(document) } })

    const frames = screen
      .getByRole('region', { name: 'Live preview' })
      .querySelectorAll('[data-media-state]')
    expect([...frames].map((frame) => frame.getAttribute('data-media-state'))).not.toContain(
      'error',
    )
    expect(
      preview().getByRole('textbox', { name: 'Sample file address for recording' }),
    ).toHaveValue('')
    const transcript = preview().getByRole('textbox', { name: 'Transcript' })
    expect(transcript).not.toHaveAttribute('aria-invalid', 'true')
    expect(preview().queryByText('This field is required.')).toBeNull()

    await user.type(transcript, 'a')
    await user.clear(transcript)
    expect(await preview().findByText('This field is required.')).toBeVisible()
  })

  it('keeps JSON it cannot read as typed and says what is wrong, with the path', async () => {
    const { user } = await renderCreator()
    await addAnnotationField(user)
    const json = await openJson(user)

    const broken = `${json.value.slice(0, -1)},`
    fireEvent.change(json, { target: { value: broken } })
    expect(screen.getByRole('alert', { name: /This is not valid JSON/ })).toBeVisible()

    // The form moves on; the user's text stays until they choose otherwise.
    await user.click(screen.getByRole('tab', { name: 'Fields' }))
    await addAnnotationField(user)
    await openJson(user)
    expect(screen.getByRole('textbox', { name: 'Schema JSON' })).toHaveValue(broken)

    const wrongShape = JSON.stringify({ item_schema: {}, annotation_schema: { a: { widget: {} } } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Schema JSON' }), {
      target: { value: wrongShape },
    })
    expect(screen.getByText('a.widget.config')).toBeVisible()
    expect(screen.getByRole('textbox', { name: 'Schema JSON' })).toHaveValue(wrongShape)

    await user.click(
      screen.getByRole('button', { name: "Replace the text with the form's schema" }),
    )
    const restored = JSON.parse(
      (screen.getByRole('textbox', { name: 'Schema JSON' }) as HTMLTextAreaElement).value,
    )
    expect(Object.keys(restored.annotation_schema)).toEqual(['annotation_1', 'annotation_2'])
  })

  it('refuses two fields in one grid cell, at the column input, without asking the server', async () => {
    let posted = false
    server.use(
      http.post('/api/client/task-schemas/', () => {
        posted = true
        return HttpResponse.json(makeSchema(), { status: 201 })
      }),
    )
    const { user } = await renderCreator()
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Overlap')
    await addAnnotationField(user)
    await addAnnotationField(user)

    // The second field is moved onto the first one's row (row 0, column 0).
    const row = field('annotation_2').getByRole('textbox', { name: 'Row' })
    await user.clear(row)
    await user.type(row, '0')

    expect(
      field('annotation_2').getByRole('textbox', { name: 'Column' }),
    ).toHaveAccessibleDescription('annotation_1 already takes row 0, column 0.')
    await user.click(screen.getByRole('button', { name: 'Create the schema' }))
    expect(posted).toBe(false)
  })

  it('creates the schema, and shows the server refusal under the right inputs', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/api/client/task-schemas/', async ({ request }) => {
        bodies.push(await request.json())
        return fieldErrors({
          name: ['A schema with this name already exists.'],
          'schema.annotation_schema.annotation_1.widget.config.placeholder': ['Too long here.'],
        })
      }),
    )
    const { user } = await renderCreator()
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Answers')
    await addAnnotationField(user)
    await user.type(
      field('annotation_1').getByRole('textbox', { name: 'Placeholder of annotation_1' }),
      'Type here',
    )
    await user.click(screen.getByRole('button', { name: 'Create the schema' }))

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
        'A schema with this name already exists.',
      ),
    )
    expect(
      field('annotation_1').getByRole('textbox', { name: 'Placeholder of annotation_1' }),
    ).toHaveAccessibleDescription('Too long here.')
    expect(bodies).toEqual([
      {
        name: 'Answers',
        client_group: acme.id,
        schema: {
          item_schema: {},
          annotation_schema: {
            annotation_1: {
              widget: {
                config: { component: 'text', label: 'annotation_1', placeholder: 'Type here' },
              },
              grid_placement: place(0, 0),
              data_type: 'string',
            },
          },
          validators: [],
          rows_visibility: [],
        },
      },
    ])
  })
})
