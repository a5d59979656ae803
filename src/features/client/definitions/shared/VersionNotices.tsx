import { Trans } from '@lingui/react/macro'
import { Alert } from '@mantine/core'

/** On the settings of a version tasks use: what saving a change will do. */
export function UsedVersionNotice({ version, tasks }: { version: number; tasks: number }) {
  if (tasks === 0) return null
  return (
    <Alert color="blue" title={<Trans>Tasks use this version</Trans>}>
      <Trans>
        Saving a change of the content makes version {version + 1}; the tasks keep version {version}
        , and the task types move to the new version. A new name alone is saved in place.
      </Trans>
    </Alert>
  )
}

/** On the page of a version an edit has just made. */
export function NewVersionNotice({ version, replaced }: { version: number; replaced?: number }) {
  if (replaced === undefined) return null
  return (
    <Alert color="blue" title={<Trans>Saved as a new version</Trans>}>
      <Trans>
        Tasks use version {replaced}, so your edit became version {version}. The tasks keep version{' '}
        {replaced}; the task types now use this version.
      </Trans>
    </Alert>
  )
}
