import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DEMO_TASK_SCHEMA } from '../server/demo/content'
import {
  GridPlacementSchema,
  layoutRows,
  type TaskSchemaDocumentInput,
  TaskSchemaDocumentSchema,
  WidgetConfigSchema,
} from './task-schema'

const issuesOf = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.map((issue) => [v.getDotPath(issue), issue.message]) ?? []

const field = (row: number, column: number, col_width = 6, col_offset = 0) => ({
  widget: { config: { component: 'text' as const } },
  grid_placement: { row, column, col_width, col_offset },
})
const annotation = (row: number, column: number, col_width = 6, col_offset = 0) => ({
  ...field(row, column, col_width, col_offset),
  data_type: 'string' as const,
})

const valid: TaskSchemaDocumentInput = {
  item_schema: { prompt: field(0, 0, 12) },
  annotation_schema: { answer: annotation(1, 0), note: annotation(1, 1, 4, 2) },
}

describe('TaskSchemaDocumentSchema', () => {
  it('accepts the demo schema, which uses every widget but radio', () => {
    expect(issuesOf(TaskSchemaDocumentSchema, DEMO_TASK_SCHEMA)).toEqual([])
  })

  it('fills in empty rule lists and default severities', () => {
    const document = v.parse(TaskSchemaDocumentSchema, {
      ...valid,
      validators: [{ type: 'required', field: 'answer' }],
    })
    expect(document.rows_visibility).toEqual([])
    expect(document.validators).toEqual([{ type: 'required', field: 'answer', severity: 'error' }])
  })

  it('refuses bad field names, colliding names and an empty annotation schema', () => {
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        ...valid,
        item_schema: { Prompt: field(0, 0) },
      })[0]?.[0],
    ).toBe('item_schema.Prompt')
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        item_schema: { answer: field(0, 0) },
        annotation_schema: { answer: annotation(1, 0) },
      }),
    ).toEqual([['annotation_schema.answer', 'The item schema already has a field named answer.']])
    expect(issuesOf(TaskSchemaDocumentSchema, { ...valid, annotation_schema: {} })).toEqual([
      ['annotation_schema', 'Define at least one annotation field.'],
    ])
  })

  it('refuses two fields in one cell and rows wider than the grid', () => {
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        item_schema: { prompt: field(0, 0) },
        annotation_schema: { answer: annotation(0, 0) },
      }),
    ).toEqual([
      ['annotation_schema.answer.grid_placement.column', 'prompt already takes row 0, column 0.'],
    ])
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        item_schema: { prompt: field(0, 0, 8) },
        annotation_schema: { answer: annotation(0, 1, 4, 1) },
      }),
    ).toEqual([
      [
        'annotation_schema.answer.grid_placement.col_width',
        'Row 0 is wider than the 12 grid columns from this field on.',
      ],
    ])
  })

  it('refuses rules naming unknown fields and rows', () => {
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        ...valid,
        validators: [
          { type: 'required', field: 'prompt' },
          { type: 'requires', field: 'answer', when: { field: 'ghost', empty: true } },
          { type: 'compare', field: 'answer', operator: 'eq', other_field: 'nobody' },
        ],
        rows_visibility: [{ row: 7, when: { field: 'phantom', empty: true } }],
      }).map(([path]) => path),
    ).toEqual([
      'validators.0.field',
      'validators.1.when.field',
      'validators.2.other_field',
      'rows_visibility.0.row',
      'rows_visibility.0.when.field',
    ])
  })

  it('names the field of a nested widget problem', () => {
    expect(
      issuesOf(TaskSchemaDocumentSchema, {
        ...valid,
        annotation_schema: {
          answer: {
            ...annotation(1, 0),
            widget: { config: { component: 'checkbox' } },
          },
        },
      }),
    ).toEqual([['annotation_schema.answer.data_type', 'A checkbox stores a bool.']])
  })
})

describe('WidgetConfigSchema', () => {
  it('takes every documented key', () => {
    expect(
      issuesOf(WidgetConfigSchema, {
        component: 'textarea',
        label: { value: 'Text', label: 'Alt', hint: 'Type', classes: 'bold', style: 'color: red' },
        placeholder: '…',
        tags: [{ tag: '<b>', closing_tag: '</b>' }, { tag: '[noise]' }],
        enableSTT: true,
        showDiacriticalSigns: true,
        showAudioCurrentTimeTag: false,
        enableSeekingForward: false,
        replaceNewlineChar: ' ',
        is_inline: true,
      }),
    ).toEqual([])
  })

  it('refuses unknown components and keys, and choice widgets without options', () => {
    expect(issuesOf(WidgetConfigSchema, { component: 'slider' })[0]?.[0]).toBe('component')
    expect(issuesOf(WidgetConfigSchema, { component: 'text', colour: 'red' })[0]?.[0]).toBe(
      'colour',
    )
    expect(issuesOf(WidgetConfigSchema, { component: 'radio' })).toEqual([
      ['options', 'A dropdown or radio widget needs at least one option.'],
    ])
    expect(
      issuesOf(WidgetConfigSchema, { component: 'dropdown', options: ['a;b'], multiple: true }),
    ).toEqual([['options', "Options of a multiple dropdown may not contain ';'."]])
  })
})

describe('GridPlacementSchema', () => {
  it('property: accepts exactly the placements that fit the 12-column grid', () => {
    for (let width = 0; width <= 13; width++) {
      for (let offset = -1; offset <= 12; offset++) {
        const fits = width >= 1 && offset >= 0 && width + offset <= 12
        const result = v.safeParse(GridPlacementSchema, {
          row: 0,
          column: 0,
          col_width: width,
          col_offset: offset,
        })
        expect(result.success, `${width}+${offset}`).toBe(fits)
      }
    }
  })
})

describe('layoutRows', () => {
  it('orders rows and the fields of a row by column, item and annotation fields together', () => {
    const document = v.parse(TaskSchemaDocumentSchema, {
      item_schema: { b: field(2, 1, 4), a: field(0, 0, 12) },
      annotation_schema: { c: annotation(2, 0, 4) },
    })
    expect(
      layoutRows(document).map(({ row, cells }) => [
        row,
        cells.map((cell) => `${cell.source}:${cell.name}`),
      ]),
    ).toEqual([
      [0, ['item:a']],
      [2, ['annotation:c', 'item:b']],
    ])
  })
})
