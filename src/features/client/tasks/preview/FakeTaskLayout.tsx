import { Trans, useLingui } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { fakeTaskQuery, taskQuery } from '../../queries/tasks'
import { FakeTaskHeader } from './FakeTaskHeader'

type FakeTaskLayoutProps = { taskId: number; offset: number; children: ReactNode }

/** The preview of one item set of a task: its header, then the items (the child route). */
export function FakeTaskLayout({ taskId, offset, children }: FakeTaskLayoutProps) {
  const { t } = useLingui()
  const task = useQuery(taskQuery(taskId))
  const fake = useQuery(fakeTaskQuery(taskId, offset))
  if (task.isPending || fake.isPending) return <Loading label={t`Loading the preview…`} />
  if (task.isError || fake.isError) {
    return (
      <LoadFailed
        error={task.error ?? fake.error}
        title={<Trans>The preview could not be loaded.</Trans>}
      />
    )
  }
  return (
    <Stack gap="lg">
      <FakeTaskHeader task={task.data} fake={fake.data} />
      {children}
    </Stack>
  )
}
