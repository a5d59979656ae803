import { VersionedCreator } from '../shared/VersionedCreator'
import { SchemaForm } from './SchemaForm'

/** task-schemas/creator */
export function SchemaCreatorPage() {
  return (
    <VersionedCreator kind="task-schemas" form={(onSaved) => <SchemaForm onSaved={onSaved} />} />
  )
}
