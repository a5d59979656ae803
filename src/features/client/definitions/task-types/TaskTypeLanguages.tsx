import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { List, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadFailed, Loading } from '../../../../ui/QueryStates'
import { taskTypeLanguagesQuery } from '../../queries/definitions'

/** The base and target languages of the type's tasks, each with how many tasks use it. */
export function TaskTypeLanguages({ id }: { id: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LanguageList id={id} side="base" title={<Trans>Base languages</Trans>} />
      <LanguageList id={id} side="target" title={<Trans>Target languages</Trans>} />
    </SimpleGrid>
  )
}

function LanguageList({
  id,
  side,
  title,
}: {
  id: number
  side: 'base' | 'target'
  title: ReactNode
}) {
  const { t } = useLingui()
  const languages = useQuery(taskTypeLanguagesQuery(id, side))
  return (
    <Stack
      gap="xs"
      component="section"
      aria-label={side === 'base' ? t`Base languages` : t`Target languages`}
    >
      <Title order={2} size="h4">
        {title}
      </Title>
      {languages.isPending ? (
        <Loading label={t`Loading the languages`} />
      ) : languages.isError ? (
        <LoadFailed
          error={languages.error}
          title={<Trans>The languages could not be loaded.</Trans>}
        />
      ) : languages.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No tasks yet.</Trans>
        </Text>
      ) : (
        <List size="sm">
          {languages.data.map((language) => (
            <List.Item key={language.id}>
              {language.name} ({language.code}):{' '}
              <Plural value={language.tasks} one="# task" other="# tasks" />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}
