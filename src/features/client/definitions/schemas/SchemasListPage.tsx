import { VersionedList } from '../shared/VersionedList'

/** client_task_schemas: the newest version of each schema. */
export function SchemasListPage() {
  return <VersionedList kind="task-schemas" />
}
