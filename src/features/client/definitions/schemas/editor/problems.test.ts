import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as frenchMessages } from '../../../../../../locales/fr/messages.po'
import type { EditorDocument } from './document'
import { checkDocument } from './problems'

const french = setupI18n({ locale: 'fr', messages: { fr: frenchMessages } })

const annotation = (component: string, col_width: number, col_offset = 0) => ({
  widget: { config: { component } },
  grid_placement: { row: 0, column: 0, col_width, col_offset },
  data_type: 'string',
})

const problemsOf = (annotation_schema: Record<string, unknown>) =>
  checkDocument({ item_schema: {}, annotation_schema } as unknown as EditorDocument, french)
    .problems

describe("the schema editor's problems", () => {
  it("say the contract's own rules in the reader's language, with their numbers", () => {
    expect(problemsOf({ done: annotation('checkbox', 6) })).toEqual({
      'annotation_schema.done.data_type': 'Une case à cocher enregistre un bool.',
    })
    expect(problemsOf({ answer: annotation('text', 8, 6) })).toEqual({
      'annotation_schema.answer.grid_placement.col_width':
        'col_width et col_offset ensemble ne peuvent pas dépasser 12.',
    })
  })
})
