import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TaskSchemaDocument } from '../../contract/task-schema'
import { type AnnotationValues, ItemRenderer, type ItemRendererProps } from './ItemRenderer'
import { NO_PREFERENCES, renderInProviders } from './test/render'

const place = (row: number, column: number, colWidth: number, colOffset = 0) => ({
  row,
  column,
  col_width: colWidth,
  col_offset: colOffset,
})

const schema: TaskSchemaDocument = {
  validators: [{ type: 'required', field: 'reason', severity: 'error' }],
  rows_visibility: [
    // The reason is asked for only while the picture does not match.
    { row: 3, when: { field: 'matches', equals: 'false' } },
    { row: 4, when: { field: 'kind', equals: 'long' } },
  ],
  item_schema: {
    prompt: {
      widget: { config: { component: 'text', label: 'Prompt' } },
      grid_placement: place(1, 2, 8, 1),
    },
    kind: {
      widget: { config: { component: 'text', label: 'Kind' } },
      grid_placement: place(1, 1, 3),
    },
  },
  annotation_schema: {
    transcript: {
      widget: {
        config: {
          component: 'textarea',
          label: {
            value: 'Transcript',
            hint: 'Write exactly what you hear.',
            classes: 'strong',
            style: 'color: red',
          },
        },
      },
      grid_placement: place(2, 1, 6, 2),
      data_type: 'string',
    },
    matches: {
      widget: { config: { component: 'checkbox', label: 'The picture matches' } },
      grid_placement: place(2, 2, 4),
      data_type: 'bool',
    },
    reason: {
      widget: { config: { component: 'text', label: 'Why not?' } },
      grid_placement: place(3, 1, 12),
      data_type: 'string',
    },
    details: {
      widget: { config: { component: 'text', label: 'Details' } },
      grid_placement: place(4, 1, 12),
      data_type: 'string',
    },
  },
}

const item = { id: 5, data: { prompt: 'Zażółć gęślą jaźń.', kind: 'short' } }

function Controlled({
  initial = {},
  onChange,
  ...props
}: Partial<Omit<ItemRendererProps, 'value' | 'onChange'>> & {
  initial?: AnnotationValues
  onChange?: ItemRendererProps['onChange']
}) {
  const [value, setValue] = useState(initial)
  return (
    <ItemRenderer
      schema={schema}
      item={item}
      preferences={NO_PREFERENCES}
      {...props}
      value={value}
      onChange={(next, field) => {
        setValue(next)
        onChange?.(next, field)
      }}
    />
  )
}

const cellOf = (name: string) => document.querySelector<HTMLElement>(`[data-field="${name}"]`)
const rowOf = (name: string) => cellOf(name)?.closest('[data-row]')?.getAttribute('data-row')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ItemRenderer layout', () => {
  it('draws rows in order, fields by column, at their width after their offset', () => {
    renderInProviders(<Controlled />)

    const fields = [...document.querySelectorAll('[data-field]')].map((cell) =>
      cell.getAttribute('data-field'),
    )
    expect(fields).toEqual(['kind', 'prompt', 'transcript', 'matches', 'reason'])
    expect(rowOf('kind')).toBe('1')
    expect(rowOf('transcript')).toBe('2')
    expect(cellOf('prompt')).toHaveAttribute('data-span', '8')
    expect(cellOf('prompt')).toHaveAttribute('data-offset', '1')
    expect(cellOf('transcript')).toHaveAttribute('data-span', '6')
    expect(cellOf('transcript')).toHaveAttribute('data-offset', '2')
  })

  it('drops offsets and takes the full width on screens of 500 px or less', () => {
    const matchMedia = window.matchMedia
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 500px)',
    }))
    renderInProviders(<Controlled />)

    for (const name of ['kind', 'prompt', 'transcript', 'matches']) {
      expect(cellOf(name)).toHaveAttribute('data-span', '12')
      expect(cellOf(name)).toHaveAttribute('data-offset', '0')
    }
  })
})

describe('ItemRenderer rows visibility', () => {
  it('hides a row while its rule fails and shows it again as values change', async () => {
    const user = userEvent.setup()
    renderInProviders(<Controlled />)

    // An untouched checkbox reads as 'false', so the reason is asked for.
    expect(screen.getByRole('textbox', { name: 'Why not?' })).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'The picture matches' }))
    expect(screen.queryByRole('textbox', { name: 'Why not?' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: 'The picture matches' }))
    expect(screen.getByRole('textbox', { name: 'Why not?' })).toBeInTheDocument()
  })

  it('evaluates rules over the item values too', () => {
    const { unmount } = renderInProviders(<Controlled />)
    expect(screen.queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument()
    unmount()

    renderInProviders(<Controlled item={{ id: 6, data: { kind: 'long' } }} />)
    expect(screen.getByRole('textbox', { name: 'Details' })).toBeInTheDocument()
  })
})

describe('ItemRenderer fields', () => {
  it('shows an object label with its classes, style and hint', async () => {
    const user = userEvent.setup()
    renderInProviders(<Controlled />)

    const transcript = screen.getByRole('textbox', { name: 'Transcript' })
    expect(transcript).toHaveAccessibleDescription(/Write exactly what you hear\./)
    const labelText = screen.getByText('Transcript')
    expect(labelText).toHaveClass('strong')
    expect(labelText).toHaveStyle({ color: 'rgb(255, 0, 0)' })

    await user.hover(screen.getByRole('button', { name: 'Hint' }))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Write exactly what you hear.')
  })

  it('shows item fields read-only and sends annotation edits with the field name', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    renderInProviders(<Controlled initial={{ transcript: 'hi' }} onChange={onChange} />)

    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Zażółć gęślą jaźń.')
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAttribute('readonly')
    await user.type(screen.getByRole('textbox', { name: 'Transcript' }), '!')

    expect(onChange).toHaveBeenLastCalledWith({ transcript: 'hi!' }, 'transcript')
  })

  it('is read-only everywhere without onChange', async () => {
    const user = userEvent.setup()
    renderInProviders(
      <ItemRenderer
        schema={schema}
        item={item}
        value={{ transcript: 'done', matches: 'true' }}
        preferences={NO_PREFERENCES}
      />,
    )

    const transcript = screen.getByRole('textbox', { name: 'Transcript' })
    expect(transcript).toHaveAttribute('readonly')
    await user.type(transcript, 'more')
    expect(transcript).toHaveValue('done')
    const checkbox = screen.getByRole('checkbox', { name: 'The picture matches' })
    await user.click(checkbox)
    expect(checkbox).toBeChecked()
  })
})

describe('ItemRenderer items on one page', () => {
  const choiceSchema: TaskSchemaDocument = {
    validators: [],
    rows_visibility: [],
    item_schema: {},
    annotation_schema: {
      sentiment: {
        widget: {
          config: { component: 'radio', label: 'Sentiment', options: ['good', 'bad', 'mixed'] },
        },
        grid_placement: place(1, 1, 6),
        data_type: 'string',
      },
      topics: {
        widget: {
          config: { component: 'dropdown', label: 'Topics', options: ['news', 'sport'] },
        },
        grid_placement: place(1, 2, 6),
        data_type: 'string',
      },
    },
  }

  it("keeps each item's inputs apart: every item shows its own radio choice", async () => {
    const user = userEvent.setup()
    const answers = ['good', 'bad', 'mixed']
    renderInProviders(
      <>
        {answers.map((answer, index) => (
          <section key={answer} aria-label={`Item ${index + 1}`}>
            <Controlled schema={choiceSchema} item={{ id: index + 1, data: {} }} />
          </section>
        ))}
      </>,
    )
    const items = screen.getAllByRole('region')
    for (const [index, answer] of answers.entries()) {
      await user.click(within(items[index]!).getByRole('radio', { name: answer }))
    }
    for (const [index, answer] of answers.entries()) {
      expect(within(items[index]!).getByRole('radio', { name: answer })).toBeChecked()
    }
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')))
    expect(names.size).toBe(answers.length)
    const hiddenNames = [...document.querySelectorAll('input[type="hidden"]')].map((input) =>
      input.getAttribute('name'),
    )
    expect(new Set(hiddenNames).size).toBe(hiddenNames.length)
  })
})

describe('ItemRenderer messages', () => {
  it("shows the annotation's errors, warnings and info next to their fields", () => {
    renderInProviders(
      <Controlled
        messages={{
          errors: { transcript: ['Type what you hear.'] },
          warnings: { transcript: ['Unusual spelling.'] },
          info: { matches: ['Checked by 2 workers.'] },
        }}
      />,
    )

    const transcript = within(cellOf('transcript')!)
    expect(transcript.getByText('Type what you hear.')).toBeInTheDocument()
    expect(transcript.getByText('Unusual spelling.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Transcript' })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(cellOf('matches')!).getByText('Checked by 2 workers.')).toBeInTheDocument()
  })

  it('validates locally as the worker types when asked to', async () => {
    const user = userEvent.setup()
    renderInProviders(
      <Controlled validateLocally messages={{ errors: { transcript: ['Old.'] } }} />,
    )

    const reason = within(cellOf('reason')!)
    expect(reason.getByText('This field is required.')).toBeInTheDocument()
    expect(screen.queryByText('Old.')).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Why not?' }), 'Blurred')
    expect(reason.queryByText('This field is required.')).not.toBeInTheDocument()
  })

  it('checks patterns in linear time, so a catastrophic one answers as the worker types', async () => {
    const user = userEvent.setup()
    const withPattern: TaskSchemaDocument = {
      ...schema,
      validators: [
        { type: 'regex', field: 'transcript', pattern: '^(a|a)*$', flags: '', severity: 'error' },
      ],
    }
    // A backtracking engine tries 2^60 ways to split these before giving up on the last key.
    renderInProviders(
      <Controlled schema={withPattern} validateLocally initial={{ transcript: 'a'.repeat(60) }} />,
    )

    const transcript = within(cellOf('transcript')!)
    const formMessage = 'The value does not have the required form.'
    expect(transcript.queryByText(formMessage)).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Transcript/ }), '!')
    expect(transcript.getByText(formMessage)).toBeInTheDocument()
  })
})
