import { Alert } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'

/** The message of a failed submission that belongs to no single field. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert">
      {message}
    </Alert>
  )
}
