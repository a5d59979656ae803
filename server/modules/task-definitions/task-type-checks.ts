import { eq, inArray } from 'drizzle-orm'
import { msg } from '#lingui-message'
import type { TaskTypeSettings } from '../../../contract/client-definitions'
import type { Db } from '../../db/client'
import { endworkerGroups, limiters, projects, users } from '../../db/schema'
import { fieldError } from '../../http/errors'
import { usersInReachOf } from '../client-groups/reach'
import type { ClientScope } from '../client-groups/scope'
import { assertIdsExist } from './references'
import { findVersionHead, PROTOCOL_KIND, SCHEMA_KIND, type VersionedKind } from './version-queries'

/** A task type as it will be once a write is applied: the ids a check looks at. */
export type TaskTypeState = TaskTypeSettings & { schema: number; protocol: number }

/**
 * A schema or protocol a task type uses must be of the type's client group and the newest
 * version of its lineage (older versions belong to tasks made before the edit).
 */
async function assertUsableVersion(
  db: Db,
  kind: VersionedKind,
  field: 'schema' | 'protocol',
  id: number,
  clientGroupId: number,
) {
  const head = await findVersionHead(db, kind, id)
  if (!head || head.clientGroupId !== clientGroupId) {
    throw field === 'schema'
      ? fieldError(
          field,
          msg({ message: 'There is no task schema with id {id} in this client group.' }),
          { id },
        )
      : fieldError(
          field,
          msg({ message: 'There is no task protocol with id {id} in this client group.' }),
          { id },
        )
  }
  if (head.nextVersionId !== null) {
    throw fieldError(
      field,
      field === 'schema'
        ? msg({
            message: 'Version {version} of this schema has been replaced; use its newest version.',
          })
        : msg({
            message:
              'Version {version} of this protocol has been replaced; use its newest version.',
          }),
      { version: head.version },
    )
  }
}

/**
 * Checks the ids of a task type write. `touched` names the fields the write sets: only their ids
 * are looked up, while the rules across fields always hold for the resulting state. A client may
 * put on the whitelist, blacklist and deputies only users within reach of their client groups
 * (the people the pickers offer them, contract/client-pickers.ts); any other id is answered as
 * missing, so ids do not reveal who has an account. Staff may name anyone.
 */
export async function checkTaskTypeState(
  db: Db,
  scope: ClientScope,
  clientGroupId: number,
  state: TaskTypeState,
  touched: ReadonlySet<string>,
): Promise<void> {
  if (touched.has('schema')) {
    await assertUsableVersion(db, SCHEMA_KIND, 'schema', state.schema, clientGroupId)
  }
  if (touched.has('protocol')) {
    await assertUsableVersion(db, PROTOCOL_KIND, 'protocol', state.protocol, clientGroupId)
  }
  if (touched.has('limiters')) {
    await assertIdsExist(db, 'limiters', state.limiters, limiters, limiters.id, {
      missing: msg({ message: 'There is no limiter with id {id}.' }),
    })
  }
  const reachable =
    scope.groupIds === null
      ? undefined
      : inArray(users.id, usersInReachOf(db, scope.groupIds, state.task_groups))
  for (const list of ['whitelist', 'blacklist', 'deputy'] as const) {
    if (touched.has(list)) {
      await assertIdsExist(db, list, state[list], users, users.id, {
        where: reachable,
        missing: msg({ message: 'There is no user with id {id}.' }),
      })
    }
  }
  if (touched.has('task_groups')) {
    await assertIdsExist(
      db,
      'task_groups',
      state.task_groups,
      endworkerGroups,
      endworkerGroups.id,
      {
        where: eq(endworkerGroups.taskGroup, true),
        missing: msg({ message: 'There is no task group with id {id}.' }),
      },
    )
  }
  if (touched.has('projects')) {
    await assertIdsExist(db, 'projects', state.projects, projects, projects.id, {
      missing: msg({ message: 'There is no project with id {id}.' }),
    })
  }

  const whitelisted = new Set(state.whitelist)
  const onBoth = state.blacklist.find((id) => whitelisted.has(id))
  if (onBoth !== undefined) {
    throw fieldError(
      'blacklist',
      msg({ message: 'User {id} is on the whitelist too; a user may be on one.' }),
      { id: onBoth },
    )
  }
  if (state.default_project !== null && !state.projects.includes(state.default_project)) {
    throw fieldError('default_project', msg`The default project must be one of the projects.`)
  }
}
