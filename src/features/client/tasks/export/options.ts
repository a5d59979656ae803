import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DumpFormat, DumpOption } from '../../../../../contract/client-tasks'

/** What each export option changes, in the words of the contract (client-tasks.ts). */
export const DUMP_OPTION_TEXTS: Record<
  DumpOption,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  include_annotation_attachment_uuid: {
    label: msg`Attachment uuids`,
    description: msg`Keep the uuid of files attached to annotation values (recordings, images). Without it they are left out of the exported values.`,
  },
  include_author_id: {
    label: msg`Author ids`,
    description: msg`Each annotation carries the id of the worker who made it.`,
  },
  include_data_ids: {
    label: msg`Data ids`,
    description: msg`Each item carries data_id, your own id of the uploaded row.`,
  },
  include_not_done_items: {
    label: msg`Items not done yet`,
    description: msg`Also export items still short of their annotations. Otherwise only done items are exported.`,
  },
  include_not_validated_annotations: {
    label: msg`Annotations not validated`,
    description: msg`Also export annotations that are not done, still validating or have validation errors. Otherwise only done, validated ones are exported.`,
  },
  remove_duplicates: {
    label: msg`Remove duplicates`,
    description: msg`Annotations of one item with identical values are exported once.`,
  },
  fill_hidden_fields_with_defaults: {
    label: msg`Fill hidden fields with defaults`,
    description: msg`Annotation fields a worker never filled (fields of hidden rows) get their default ('false' for yes/no fields, empty text otherwise) instead of being left out.`,
  },
  include_review: {
    label: msg`Reviews`,
    description: msg`Each annotation carries its review (mark, error types, comment and date), or null when it was not reviewed.`,
  },
  include_gold: {
    label: msg`Gold items`,
    description: msg`Also export gold items, marked gold with their expected answer (gold and gold_expected). Otherwise they are left out.`,
  },
  aggregate: {
    label: msg`Consensus labels`,
    description: msg`One record per item with, per field, the consensus of its annotations and its confidence: a vote weighted by each worker's gold accuracy for choices, the median for numbers, the most central text for text. Ties and low confidence are marked for review.`,
  },
}

export const DUMP_FORMAT_TEXTS: Record<
  DumpFormat,
  { label: MessageDescriptor; extension: string }
> = {
  jsonl: { label: msg`JSON Lines (one item with its annotations per line)`, extension: 'jsonl' },
  csv: { label: msg`CSV (one row per annotation)`, extension: 'csv' },
}
