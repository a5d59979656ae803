import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core'
import { type AdminLanguage, LanguageInputSchema } from '../../../../contract/admin'
import { formatSignList, parseSignList } from '../../../../contract/sign-list'
import { GrowingTextarea } from '../../../ui/GrowingTextarea'
import { AdminFormShell, useAdminForm } from '../AdminForm'
import { AdminListPage } from '../AdminListPage'
import { languagesApi } from '../api'

type LanguageValues = { code: string; name: string; signs: string }

function LanguageForm({ language, close }: { language: AdminLanguage | null; close: () => void }) {
  const { t } = useLingui()
  const form = useAdminForm({
    draftKey: `language:${language?.id ?? 'new'}`,
    initialValues: {
      code: language?.code ?? '',
      name: language?.name ?? '',
      signs: formatSignList(language?.diacritic_signs ?? []),
    } satisfies LanguageValues,
    schema: LanguageInputSchema,
    toInput: (values: LanguageValues) => ({
      code: values.code,
      name: values.name,
      diacritic_signs: parseSignList(values.signs),
    }),
    submit: (payload) =>
      language ? languagesApi.replace(language.id, payload) : languagesApi.create(payload),
    onSaved: close,
  })
  const signs = parseSignList(form.values.signs)
  const signErrors = Object.entries(form.errors)
    .filter(([path]) => path.startsWith('diacritic_signs'))
    .map(([, message]) => message)

  return (
    <AdminFormShell
      form={form}
      label={language ? t`Edit the language` : t`New language`}
      onCancel={close}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`Name`} required {...form.textInput('name')} />
        <TextInput
          label={t`Code`}
          description={t`Such as pl or en-GB.`}
          required
          {...form.textInput('code')}
        />
      </SimpleGrid>
      <GrowingTextarea
        label={t`Diacritic signs`}
        description={t`One sign a line, optionally followed by a dash and a description: ą - a with ogonek`}
        minRows={5}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.textInput('signs')}
        error={signErrors.join(' ') || undefined}
      />
      <Group gap={6} role="group" aria-label={t`Signs the annotators will see`}>
        {signs.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No signs: the text widgets show no palette for this language.</Trans>
          </Text>
        ) : (
          signs.map(({ sign, description }) => (
            <Tooltip key={sign} label={description || sign}>
              <Badge variant="light" size="lg" tt="none">
                {sign}
              </Badge>
            </Tooltip>
          ))
        )}
      </Group>
    </AdminFormShell>
  )
}

/** /admin_panel/general/languages */
export function LanguagesPage() {
  const { t } = useLingui()
  return (
    <AdminListPage<AdminLanguage>
      title={<Trans>Languages</Trans>}
      label={t`Languages`}
      noun={{
        create: t`New language`,
        edit: (row) => t`Edit ${row.name}`,
        remove: (row) => t`Delete ${row.name}`,
      }}
      orderings={[
        { value: 'name', label: t`Name A–Z` },
        { value: '-name', label: t`Name Z–A` },
        { value: 'code', label: t`Code A–Z` },
      ]}
      api={languagesApi}
      phoneColumns={['name', 'signs']}
      columns={[
        { key: 'name', header: <Trans>Name</Trans>, cell: (row) => row.name, rowHeader: true },
        { key: 'code', header: <Trans>Code</Trans>, cell: (row) => row.code },
        {
          key: 'signs',
          header: <Trans>Diacritic signs</Trans>,
          cell: (row) => row.diacritic_signs.map(({ sign }) => sign).join(' ') || '—',
        },
      ]}
      emptyTitle={<Trans>No languages yet</Trans>}
      form={(row, close) => <LanguageForm language={row} close={close} />}
      deleteWarning={<Trans>A language that tasks or worker profiles use cannot be deleted.</Trans>}
    />
  )
}
