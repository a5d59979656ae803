import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { offlineDb } from './db'
import { removeObsoleteItemSets } from './item-set-cleanup'
import { deleteItemSet, putItemSet } from './item-sets'
import { clearMediaKeys, findMediaKeys, missingMediaKeyIds, storeMediaKeys } from './media-keys'

const TASK_KEY = { keyId: 'aa'.repeat(16), key: '11'.repeat(16) }
const OTHER_KEY = { keyId: 'bb'.repeat(16), key: '22'.repeat(16) }

beforeEach(async () => {
  const db = await offlineDb()
  await Promise.all([db.clear('mediaKeys'), db.clear('itemSets'), db.clear('outbox')])
})

describe('the device key store', () => {
  it('answers the clear keys of key ids only when it holds every one', async () => {
    await storeMediaKeys(1, [TASK_KEY])

    expect(await findMediaKeys([TASK_KEY.keyId])).toEqual({ [TASK_KEY.keyId]: TASK_KEY.key })
    expect(await findMediaKeys([TASK_KEY.keyId, OTHER_KEY.keyId])).toBeNull()
    expect(await missingMediaKeyIds(1, [TASK_KEY.keyId, OTHER_KEY.keyId])).toEqual([
      OTHER_KEY.keyId,
    ])
    // Held for set 1 only: set 2 of the same task still has to ask for it.
    expect(await missingMediaKeyIds(2, [TASK_KEY.keyId])).toEqual([TASK_KEY.keyId])
  })

  it("loses a set's keys with the set's copy, and keeps those another set holds", async () => {
    await putItemSet({ id: 1 })
    await putItemSet({ id: 2 })
    await storeMediaKeys(1, [TASK_KEY, OTHER_KEY])
    await storeMediaKeys(2, [TASK_KEY])

    await deleteItemSet(1)

    expect(await findMediaKeys([OTHER_KEY.keyId])).toBeNull()
    expect(await findMediaKeys([TASK_KEY.keyId])).toEqual({ [TASK_KEY.keyId]: TASK_KEY.key })
    expect(await missingMediaKeyIds(1, [TASK_KEY.keyId])).toEqual([TASK_KEY.keyId])
  })

  it('loses the keys of a copy the cleanup gives up (lock ended, set finished)', async () => {
    await putItemSet({ id: 1 })
    await putItemSet({ id: 2 })
    await storeMediaKeys(1, [TASK_KEY])
    await storeMediaKeys(2, [OTHER_KEY])

    expect(await removeObsoleteItemSets((copy) => copy.id === 1)).toEqual([1])

    expect(await findMediaKeys([TASK_KEY.keyId])).toBeNull()
    expect(await findMediaKeys([OTHER_KEY.keyId])).toEqual({ [OTHER_KEY.keyId]: OTHER_KEY.key })
  })

  it('is emptied at sign-out', async () => {
    await storeMediaKeys(1, [TASK_KEY])
    await storeMediaKeys(2, [OTHER_KEY])

    await clearMediaKeys()

    expect(await (await offlineDb()).count('mediaKeys')).toBe(0)
  })
})
