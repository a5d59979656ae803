import { msg } from '#lingui-message'
import type { Db } from '../../db/client'
import type { SessionUser } from '../../http/augment'
import { notFound } from '../../http/errors'
import { itemMedia } from '../media/item-media'
import { findOwnItemSet, findSetItem } from './item-set-queries'
import { itemSetView } from './item-set-view'

async function ownItemSet(db: Db, user: SessionUser, itemSetId: number) {
  const set = await findOwnItemSet(db, user.id, itemSetId)
  if (!set) throw notFound(msg`No such item set of yours.`)
  return set
}

export async function workerItemSet(db: Db, user: SessionUser, itemSetId: number) {
  return itemSetView(db, user.id, await ownItemSet(db, user, itemSetId))
}

/** A media file of an item in the worker's set; the item's data must name the uuid. */
export async function workerItemMedia(
  db: Db,
  user: SessionUser,
  params: { itemSetId: number; itemId: number; uuid: string },
) {
  const set = await ownItemSet(db, user, params.itemSetId)
  const inSet = await findSetItem(db, set.id, params.itemId)
  const media = inSet && (await itemMedia(db, set.taskId, params.itemId, params.uuid))
  if (!media) throw notFound(msg`Media not found.`)
  return media
}
