import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { VersionedKind } from '../../queries/definitions'

type VersionedWording = {
  /** The list page's title. */
  listTitle: MessageDescriptor
  /** Names the list's table and search. */
  listLabel: MessageDescriptor
  /** The list's create button, and the name of the create form. */
  newOne: MessageDescriptor
  emptyList: MessageDescriptor
  creatorTitle: MessageDescriptor
  editFormLabel: MessageDescriptor
  createButton: MessageDescriptor
}

/** How the pages shared by schemas and protocols name the one or the other. */
export const VERSIONED_WORDING: Record<VersionedKind, VersionedWording> = {
  'task-schemas': {
    listTitle: msg`Task Schemas`,
    listLabel: msg`Task schemas`,
    newOne: msg`New schema`,
    emptyList: msg`No task schemas yet`,
    creatorTitle: msg`New task schema`,
    editFormLabel: msg`Edit the schema`,
    createButton: msg`Create the schema`,
  },
  'task-protocols': {
    listTitle: msg`Task Protocols`,
    listLabel: msg`Task protocols`,
    newOne: msg`New protocol`,
    emptyList: msg`No task protocols yet`,
    creatorTitle: msg`New task protocol`,
    editFormLabel: msg`Edit the protocol`,
    createButton: msg`Create the protocol`,
  },
}
