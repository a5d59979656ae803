import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Box, Group, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { API_DOCS_PATH, API_SCHEMA_PATH } from '../../contract/constants'

export const Route = createFileRoute('/swagger')({
  component: SwaggerPage,
})

/** The server's own documentation UI, framed so the app's header and footer stay around it. */
function SwaggerPage() {
  const { t } = useLingui()
  return (
    <Box
      display="flex"
      style={{
        flexDirection: 'column',
        // The viewport below the app's header, less the page padding.
        height: 'calc(100dvh - var(--app-header-height, 0rem) - 2 * var(--mantine-spacing-md))',
        minHeight: 400,
      }}
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={1} size="h3">
          <Trans>API documentation</Trans>
        </Title>
        <Anchor href={API_SCHEMA_PATH} target="_blank" rel="noopener noreferrer">
          <Trans>OpenAPI document (JSON)</Trans>
        </Anchor>
      </Group>
      <Box
        component="iframe"
        src={API_DOCS_PATH}
        title={t`API documentation`}
        flex={1}
        w="100%"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      />
    </Box>
  )
}
