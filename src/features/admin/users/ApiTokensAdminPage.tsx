import { Trans, useLingui } from '@lingui/react/macro'
import { Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminApiToken } from '../../../../contract/api-tokens'
import { TitleBar } from '../../../ui/TitleBar'
import { ApiTokenList } from '../../account/ApiTokenList'
import { allApiTokensQuery, apiTokenKeys, revokeAnyApiToken } from '../../account/api-tokens'

/** /admin_panel/users/api_tokens: every user's live API tokens, any of which staff may revoke. */
export function ApiTokensAdminPage() {
  const { t } = useLingui()
  const [offset, setOffset] = useState(0)
  const query = useQuery(allApiTokensQuery(offset))
  return (
    <Stack>
      <TitleBar level="page" title={<Trans>API tokens</Trans>} />
      <Text size="sm" c="dimmed">
        <Trans>Every user's tokens that are still usable. Revoking one stops it at once.</Trans>
      </Text>
      <ApiTokenList<AdminApiToken>
        label={t`API tokens of every user`}
        query={query}
        offset={offset}
        onOffsetChange={setOffset}
        leadingColumns={[
          { key: 'owner', header: <Trans>User</Trans>, cell: (row) => row.user.username },
        ]}
        revoke={revokeAnyApiToken}
        listKey={apiTokenKeys.all()}
        revokeWarning={(row) => (
          <Trans>Scripts using {row.user.username}'s token stop working at once.</Trans>
        )}
      />
    </Stack>
  )
}
