import { DUMP_OPTIONS, type DumpOptions } from '../../../../contract/client-tasks'
import type { dumps } from '../../../db/schema'

type DumpRowValues = typeof dumps.$inferSelect

/** The column of each export option of the contract. */
const OPTION_COLUMNS = {
  include_annotation_attachment_uuid: 'includeAnnotationAttachmentUuid',
  include_author_id: 'includeAuthorId',
  include_data_ids: 'includeDataIds',
  include_not_done_items: 'includeNotDoneItems',
  include_not_validated_annotations: 'includeNotValidatedAnnotations',
  remove_duplicates: 'removeDuplicates',
  fill_hidden_fields_with_defaults: 'fillHiddenFieldsWithDefaults',
  include_review: 'includeReview',
  include_gold: 'includeGold',
  aggregate: 'aggregate',
} as const satisfies Record<keyof DumpOptions, keyof DumpRowValues>

type OptionColumns = { [K in keyof DumpOptions as (typeof OPTION_COLUMNS)[K]]: boolean }

export function optionsOfDump(dump: DumpRowValues): DumpOptions {
  return Object.fromEntries(
    DUMP_OPTIONS.map((option) => [option, dump[OPTION_COLUMNS[option]]]),
  ) as DumpOptions
}

export function optionColumns(options: DumpOptions): OptionColumns {
  return Object.fromEntries(
    DUMP_OPTIONS.map((option) => [OPTION_COLUMNS[option], options[option]]),
  ) as OptionColumns
}
