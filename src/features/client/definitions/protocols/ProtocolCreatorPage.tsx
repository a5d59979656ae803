import { VersionedCreator } from '../shared/VersionedCreator'
import { ProtocolForm } from './ProtocolForm'

/** task-protocols/creator */
export function ProtocolCreatorPage() {
  return (
    <VersionedCreator
      kind="task-protocols"
      form={(onSaved) => <ProtocolForm onSaved={onSaved} />}
    />
  )
}
