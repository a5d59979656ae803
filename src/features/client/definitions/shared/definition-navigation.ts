import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { notifySuccess, notifyWarning } from '../../../../ui/notify'
import { definitionKeys, type VersionedKind } from '../../queries/definitions'

type Version = { id: number; version: number }
export type DefinitionKind = VersionedKind | 'task-types'

/** Opens the page of a definition; `replaced` notes the version an edit has just replaced. */
function useOpenDefinition() {
  const navigate = useNavigate()
  return (kind: DefinitionKind, id: number, replaced?: number) => {
    const search = { replaced }
    if (kind === 'task-schemas') {
      return navigate({
        to: '/client/tasks-definitions/task-schemas/$taskSchemaId',
        params: { taskSchemaId: String(id) },
        search,
      })
    }
    if (kind === 'task-protocols') {
      return navigate({
        to: '/client/tasks-definitions/task-protocols/$taskProtocolId',
        params: { taskProtocolId: String(id) },
        search,
      })
    }
    return navigate({
      to: '/client/tasks-definitions/task-types/$taskTypeId',
      params: { taskTypeId: String(id) },
    })
  }
}

/** Opens the list a definition belongs to (after it was deleted). */
export function useOpenDefinitionList() {
  const navigate = useNavigate()
  return (kind: DefinitionKind) =>
    navigate({
      to:
        kind === 'task-schemas'
          ? '/client/tasks-definitions/task-schemas'
          : kind === 'task-protocols'
            ? '/client/tasks-definitions/task-protocols'
            : '/client/tasks-definitions/task-types',
    })
}

/** After a definition is created: say so, refresh the lists and open its page. */
export function useDefinitionCreated(kind: DefinitionKind) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const open = useOpenDefinition()
  return (created: { id: number; name: string }) => {
    notifySuccess({ message: t`${created.name} has been created.` })
    void queryClient.invalidateQueries({ queryKey: definitionKeys.kind(kind) })
    void open(kind, created.id)
  }
}

/**
 * After a schema or protocol edit: an edit kept in place is simply saved; an edit that became
 * the next version (tasks use the edited one) is announced, and its page opened with a note.
 */
export function useVersionSaved(kind: VersionedKind) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const open = useOpenDefinition()

  return (edited: Version, saved: Version) => {
    // Task types follow their schema or protocol to a new version, so their pages change too.
    void queryClient.invalidateQueries({ queryKey: definitionKeys.kind(kind) })
    void queryClient.invalidateQueries({ queryKey: definitionKeys.kind('task-types') })
    if (saved.id === edited.id) {
      notifySuccess()
      return
    }
    notifyWarning({
      title: t`Saved as version ${saved.version}`,
      message: t`Tasks use version ${edited.version}, so it stays as it was for them. Task types now use version ${saved.version}.`,
    })
    void open(kind, saved.id, edited.version)
  }
}
