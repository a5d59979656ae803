import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../../../api/client'
import { ConfirmDeleteDialog } from '../../../../ui/ConfirmDialog'
import { generalMessage } from '../../../../ui/forms/form-errors'
import { notifySuccess } from '../../../../ui/notify'
import { definitionKeys } from '../../queries/definitions'
import { type DefinitionKind, useOpenDefinitionList } from './definition-navigation'

type DeleteDefinitionProps = {
  kind: DefinitionKind
  name: string
  /** Calls the server's DELETE. */
  remove: () => Promise<unknown>
}

/**
 * Deletes a definition after a confirmation, then opens its list. A definition still in use
 * answers 409; the dialog then says why, in the server's words, instead of closing.
 */
export function DeleteDefinition({ kind, name, remove }: DeleteDefinitionProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const openList = useOpenDefinitionList()
  const [opened, setOpened] = useState(false)
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      setOpened(false)
      notifySuccess({ message: t`${name} has been deleted.` })
      // Marked stale only: refetching the page being left would ask for what is now gone.
      await queryClient.invalidateQueries({
        queryKey: definitionKeys.kind(kind),
        refetchType: 'none',
      })
      void openList(kind)
    },
  })
  const inUse = mutation.error instanceof ApiError && mutation.error.status === 409
  const failure = mutation.error && !inUse ? generalMessage(mutation.error, i18n) : null

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => {
          mutation.reset()
          setOpened(true)
        }}
      >
        <Trans>Delete</Trans>
      </Button>
      <ConfirmDeleteDialog
        opened={opened}
        title={<Trans>Delete {name}?</Trans>}
        deletion={mutation}
        onCancel={() => setOpened(false)}
      >
        {/* The dialog's body is a paragraph, so only inline elements go in it. */}
        <Trans>This cannot be undone.</Trans>
        {inUse && (
          <Text component="span" display="block" mt="sm" size="sm" c="orange.9" role="alert">
            <Trans>
              It is still in use: only what no task type and no task uses can be deleted. Tasks keep
              the versions they were made with, so a used version stays.
            </Trans>{' '}
            {(mutation.error as ApiError).detail}
          </Text>
        )}
        {failure && (
          <Text component="span" display="block" mt="sm" size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
      </ConfirmDeleteDialog>
    </>
  )
}
