import { describe, expect, it } from 'vitest'
import {
  memberIdsAfter,
  memberRows,
  NO_CHANGE,
  withAdded,
  withKept,
  withRemoved,
} from './member-draft'

const user = (id: number, username: string) => ({ id, username, first_name: '', last_name: '' })
const ann = user(1, 'ann')
const bob = user(2, 'bob')
const cid = user(3, 'cid')
const dan = user(4, 'dan')

describe('an unsaved change of group members', () => {
  it('applies to the members the server has now, keeping what others saved meanwhile', () => {
    const change = withRemoved(withAdded(NO_CHANGE, cid, [ann, bob]), { ...bob, state: 'saved' })
    // Meanwhile someone else added dan.
    expect(memberIdsAfter([ann, bob, dan], change)).toEqual([ann.id, cid.id, dan.id])
  })

  it('undoes instead of piling up: re-adding a removed member, removing an added one', () => {
    const removed = withRemoved(NO_CHANGE, { ...ann, state: 'saved' })
    expect(withAdded(removed, ann, [ann])).toEqual(NO_CHANGE)
    expect(withKept(removed, ann.id)).toEqual(NO_CHANGE)
    const added = withAdded(NO_CHANGE, cid, [ann])
    expect(withRemoved(added, { ...cid, state: 'added' })).toEqual(NO_CHANGE)
  })

  it('marks each member by what will happen to them, by username', () => {
    const change = { added: [cid], removed: [bob.id] }
    expect(memberRows([bob, ann], change).map((row) => [row.username, row.state])).toEqual([
      ['ann', 'saved'],
      ['bob', 'removed'],
      ['cid', 'added'],
    ])
  })
})
