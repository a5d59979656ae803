import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { OFFLINE_DB_VERSION, offlineDb } from './db'
import {
  deleteDraft,
  deleteItemSet,
  getDraft,
  getItemSet,
  listDrafts,
  listItemSets,
  putDraft,
  putItemSet,
  updateItemSet,
} from './item-sets'

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('itemSets')
  await db.clear('annotations')
})

const draft = (itemSetId: number, itemId: number, text: string) => ({
  itemSetId,
  itemId,
  data: { text },
  is_done: false,
  client_updated_at: '2026-03-02T08:15:00.000Z',
})

describe('the offline database', () => {
  it('opens at its latest version with every store', async () => {
    const db = await offlineDb()
    expect(db.version).toBe(OFFLINE_DB_VERSION)
    expect([...db.objectStoreNames].sort()).toEqual([
      'annotations',
      'itemSets',
      'kv',
      'mediaKeys',
      'outbox',
      'rejections',
      'reviewItems',
      'reviewLists',
    ])
  })
})

describe('item sets and drafts', () => {
  it('keeps item sets by id', async () => {
    type Kept = { id: number; items: number[] }
    await putItemSet({ id: 1, items: [10, 11] } as Kept)
    await putItemSet({ id: 2, items: [] } as Kept)
    expect(await getItemSet<Kept>(1)).toEqual({ id: 1, items: [10, 11] })
    expect((await listItemSets()).map((set) => set.id)).toEqual([1, 2])
    expect(await getItemSet(3)).toBeUndefined()
  })

  it('updates a copy in place, and leaves it when the update gives nothing', async () => {
    type Kept = { id: number; items: number[] }
    await putItemSet({ id: 1, items: [10] } as Kept)

    await updateItemSet<Kept>(1, (kept) => kept && { ...kept, items: [...kept.items, 11] })
    await updateItemSet<Kept>(1, () => undefined)
    await updateItemSet<Kept>(2, (kept) => kept && { ...kept, items: [] })

    expect(await getItemSet<Kept>(1)).toEqual({ id: 1, items: [10, 11] })
    expect(await getItemSet(2)).toBeUndefined()
  })

  it('keeps drafts per item, lists them by item set, and deletes one', async () => {
    await putDraft(draft(1, 10, 'a'))
    await putDraft(draft(1, 11, 'b'))
    await putDraft(draft(2, 10, 'c'))
    await putDraft(draft(1, 10, 'a2'))

    expect(await getDraft(1, 10)).toEqual({ key: '1:10', ...draft(1, 10, 'a2') })
    expect((await listDrafts(1)).map((kept) => kept.data.text)).toEqual(['a2', 'b'])
    await deleteDraft(1, 11)
    expect((await listDrafts(1)).map((kept) => kept.itemId)).toEqual([10])
  })

  it('forgets an item set together with its drafts only', async () => {
    await putItemSet({ id: 1 })
    await putItemSet({ id: 2 })
    await putDraft(draft(1, 10, 'a'))
    await putDraft(draft(2, 10, 'b'))

    await deleteItemSet(1)
    expect(await getItemSet(1)).toBeUndefined()
    expect(await listDrafts(1)).toEqual([])
    expect(await listDrafts(2)).toHaveLength(1)
    expect(await getItemSet(2)).toEqual({ id: 2 })
  })
})
