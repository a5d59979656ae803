import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'

/** A form's submit button at the end of its row, spinning while the form is sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </Group>
  )
}
