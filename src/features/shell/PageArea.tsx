import { Box } from '@mantine/core'
import { Outlet } from '@tanstack/react-router'
import { AppFooter } from './AppFooter'

/** The page, then the footer, in the frame's main area (a column at least the window's height). */
export function PageArea() {
  return (
    <>
      <Box flex={1} p="md">
        <Outlet />
      </Box>
      <AppFooter />
    </>
  )
}
