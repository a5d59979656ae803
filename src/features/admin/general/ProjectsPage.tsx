import { Trans, useLingui } from '@lingui/react/macro'
import { TextInput } from '@mantine/core'
import { type AdminProject, ProjectInputSchema } from '../../../../contract/admin'
import { GrowingTextarea } from '../../../ui/GrowingTextarea'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { AdminListPage } from '../AdminListPage'
import { projectsApi } from '../api'

type ProjectValues = { name: string; description: string }

function ProjectForm({ project, close }: { project: AdminProject | null; close: () => void }) {
  const { t } = useLingui()
  const form = useAdminForm({
    draftKey: `project:${project?.id ?? 'new'}`,
    initialValues: {
      name: project?.name ?? '',
      description: project?.description ?? '',
    } satisfies ProjectValues,
    schema: ProjectInputSchema,
    toInput: (values: ProjectValues) => values,
    submit: (payload) =>
      project ? projectsApi.replace(project.id, payload) : projectsApi.create(payload),
    onSaved: close,
  })
  return (
    <AdminFormShell
      form={form}
      label={project ? t`Edit the project` : t`New project`}
      onCancel={close}
    >
      <TextInput label={t`Name`} required {...form.textInput('name')} />
      <GrowingTextarea label={t`Description`} minRows={3} {...form.textInput('description')} />
    </AdminFormShell>
  )
}

/** /admin_panel/general/projects */
export function ProjectsPage() {
  const { t } = useLingui()
  return (
    <AdminListPage<AdminProject>
      title={<Trans>Projects</Trans>}
      label={t`Projects`}
      noun={{
        create: t`New project`,
        edit: (row) => t`Edit ${row.name}`,
        remove: (row) => t`Delete ${row.name}`,
      }}
      orderings={[
        { value: 'name', label: t`Name A–Z` },
        { value: '-name', label: t`Name Z–A` },
        { value: '-id', label: t`Newest first` },
      ]}
      api={projectsApi}
      phoneColumns={['name']}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
        { key: 'description', header: <Trans>Description</Trans>, cell: (row) => row.description },
      ]}
      emptyTitle={<Trans>No projects yet</Trans>}
      form={(row, close) => <ProjectForm project={row} close={close} />}
      deleteWarning={<Trans>A project that tasks or task types use cannot be deleted.</Trans>}
    />
  )
}
