import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { QueryContent } from '../../ui/QueryStates'
import { TitleBar } from '../../ui/TitleBar'
import { reviewerStatsQuery } from './queries'

/** The spec's `reviewer_review_groups` ('Your groups'): the review groups the reviewer is in. */
export function ReviewGroupsPage() {
  const { t } = useLingui()
  const stats = useQuery(reviewerStatsQuery())
  return (
    <Stack gap="md">
      <TitleBar level="page" title={<Trans>Your groups</Trans>} />
      <QueryContent
        query={stats}
        loadingLabel={t`Loading your groups…`}
        failedTitle={<Trans>Your groups could not be loaded.</Trans>}
      >
        {(data) =>
          data.reviewer_in.length === 0 ? (
            <Text c="dimmed">
              <Trans>You are in no review group.</Trans>
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.reviewer_in.map((group) => (
                <Paper key={group.id} withBorder p="md" component="section" aria-label={group.name}>
                  <Title order={2} size="h5" mb="xs">
                    {group.name}
                  </Title>
                  <Text size="sm" c="dimmed" mb={4}>
                    <Trans>Reviews the work of</Trans>
                  </Text>
                  <Group gap={4}>
                    {group.reviewed_groups.length === 0 ? (
                      <Text size="sm">—</Text>
                    ) : (
                      group.reviewed_groups.map((reviewed) => (
                        <Badge key={reviewed.id} variant="light">
                          {reviewed.name}
                        </Badge>
                      ))
                    )}
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          )
        }
      </QueryContent>
    </Stack>
  )
}
