import type {
  AdminClientGroup,
  ClientGroupInput,
  ClientGroupListQuery,
  EndworkerGroup,
  EndworkerGroupInput,
  EndworkerGroupListQuery,
} from '../../../contract/admin'
import type { Db } from '../../db/client'
import { endworkerGroups, users } from '../../db/schema'
import { fieldError, notFound } from '../../http/errors'
import {
  type ClientGroupRow,
  clientGroupNameTaken,
  clientGroupUsage,
  deleteClientGroup,
  deleteEndworkerGroup,
  type EndworkerGroupRow,
  endworkerGroupNameTaken,
  endworkerGroupUsage,
  findClientGroup,
  findEndworkerGroup,
  insertClientGroup,
  insertEndworkerGroup,
  listClientGroupsPage,
  listEndworkerGroups,
  replaceClientGroupMembers,
  replaceEndworkerGroupLinks,
  updateClientGroup,
  updateEndworkerGroup,
} from './groups-queries'
import { refuseIfUsed } from './usage'
import { missingIds } from './users-queries'

const nameTaken = () => fieldError('name', 'A group of this name exists.')

async function checkAccounts(db: Db, field: string, ids: number[]) {
  const missing = await missingIds(db, users, ids)
  if (missing.length > 0) throw fieldError(field, `No such accounts: ${missing.join(', ')}.`)
}

// End-worker groups -------------------------------------------------------------------------------

function endworkerGroupView(row: EndworkerGroupRow): EndworkerGroup {
  return {
    id: row.id,
    name: row.name,
    task_group: row.taskGroup,
    review_group: row.reviewGroup,
    coordination_group: row.coordinationGroup,
    members: row.members,
    coordinators: row.coordinators,
    managed_groups: row.managedGroups,
  }
}

export async function adminEndworkerGroups(db: Db, query: EndworkerGroupListQuery) {
  const { count, rows } = await listEndworkerGroups(db, query)
  return { count, results: rows.map(endworkerGroupView) }
}

/** Coordinators and managed groups belong to coordination groups only. */
async function checkEndworkerGroup(db: Db, id: number | null, input: EndworkerGroupInput) {
  if (await endworkerGroupNameTaken(db, input.name, id)) throw nameTaken()
  if (!input.coordination_group && input.coordinators.length > 0) {
    throw fieldError('coordinators', 'Only a coordination group has coordinators.')
  }
  if (!input.coordination_group && input.managed_groups.length > 0) {
    throw fieldError('managed_groups', 'Only a coordination group manages other groups.')
  }
  if (id !== null && input.managed_groups.includes(id)) {
    throw fieldError('managed_groups', 'A group does not manage itself.')
  }
  await checkAccounts(db, 'members', input.members)
  await checkAccounts(db, 'coordinators', input.coordinators)
  const missing = await missingIds(db, endworkerGroups, input.managed_groups)
  if (missing.length > 0) {
    throw fieldError('managed_groups', `No such groups: ${missing.join(', ')}.`)
  }
}

const endworkerValues = (input: EndworkerGroupInput) => ({
  name: input.name,
  taskGroup: input.task_group,
  reviewGroup: input.review_group,
  coordinationGroup: input.coordination_group,
})

const endworkerLinks = (input: EndworkerGroupInput) => ({
  members: input.members,
  coordinators: input.coordinators,
  managedGroups: input.managed_groups,
})

const noEndworkerGroup = () => notFound('No such end-worker group.')

async function endworkerGroupById(db: Db, id: number) {
  const row = await findEndworkerGroup(db, id)
  if (!row) throw noEndworkerGroup()
  return endworkerGroupView(row)
}

export async function createEndworkerGroup(db: Db, input: EndworkerGroupInput) {
  return db.transaction(async (tx) => {
    await checkEndworkerGroup(tx, null, input)
    const id = await insertEndworkerGroup(tx, endworkerValues(input))
    await replaceEndworkerGroupLinks(tx, id, endworkerLinks(input))
    return endworkerGroupById(tx, id)
  })
}

export async function replaceEndworkerGroup(db: Db, id: number, input: EndworkerGroupInput) {
  return db.transaction(async (tx) => {
    if (!(await findEndworkerGroup(tx, id))) throw noEndworkerGroup()
    await checkEndworkerGroup(tx, id, input)
    await updateEndworkerGroup(tx, id, endworkerValues(input))
    await replaceEndworkerGroupLinks(tx, id, endworkerLinks(input))
    return endworkerGroupById(tx, id)
  })
}

export async function removeEndworkerGroup(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const group = await findEndworkerGroup(tx, id)
    if (!group) throw noEndworkerGroup()
    refuseIfUsed(`The group ${group.name}`, await endworkerGroupUsage(tx, id))
    await deleteEndworkerGroup(tx, id)
  })
}

// Client groups -----------------------------------------------------------------------------------

function clientGroupView(row: ClientGroupRow): AdminClientGroup {
  return { id: row.id, name: row.name, full_name: row.fullName, members: row.members }
}

export async function adminClientGroups(db: Db, query: ClientGroupListQuery) {
  const { count, rows } = await listClientGroupsPage(db, query)
  return { count, results: rows.map(clientGroupView) }
}

const noClientGroup = () => notFound('No such client group.')

async function clientGroupById(db: Db, id: number) {
  const row = await findClientGroup(db, id)
  if (!row) throw noClientGroup()
  return clientGroupView(row)
}

async function checkClientGroup(db: Db, id: number | null, input: ClientGroupInput) {
  if (await clientGroupNameTaken(db, input.name, id)) throw nameTaken()
  await checkAccounts(db, 'members', input.members)
}

export async function createClientGroup(db: Db, input: ClientGroupInput) {
  return db.transaction(async (tx) => {
    await checkClientGroup(tx, null, input)
    const id = await insertClientGroup(tx, { name: input.name, fullName: input.full_name })
    await replaceClientGroupMembers(tx, id, input.members)
    return clientGroupById(tx, id)
  })
}

export async function replaceClientGroup(db: Db, id: number, input: ClientGroupInput) {
  return db.transaction(async (tx) => {
    if (!(await findClientGroup(tx, id))) throw noClientGroup()
    await checkClientGroup(tx, id, input)
    await updateClientGroup(tx, id, { name: input.name, fullName: input.full_name })
    await replaceClientGroupMembers(tx, id, input.members)
    return clientGroupById(tx, id)
  })
}

export async function removeClientGroup(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const group = await findClientGroup(tx, id)
    if (!group) throw noClientGroup()
    refuseIfUsed(`The client group ${group.name}`, await clientGroupUsage(tx, id))
    await deleteClientGroup(tx, id)
  })
}
