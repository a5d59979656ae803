import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../features/auth/guard'
import { RouteErrorPage } from '../features/shell/StatusPages'

/** Every page behind sign-in sits below this pathless layout (the spec's navigation guard). */
export const Route = createFileRoute('/_app')({
  beforeLoad: requireSession,
  // Keeps the header and footer around a page that failed.
  errorComponent: RouteErrorPage,
})
