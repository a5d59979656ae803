import { createFileRoute } from '@tanstack/react-router'
import { isFirstWorkPage } from '../../contract/first-work-pages'
import { requireSession } from '../features/auth/guard'
import { RouteErrorPage } from '../features/shell/StatusPages'
import { loadBeyondFirstScreen } from '../ui/deferred/beyond-first-screen'

/** Every page behind sign-in sits below this pathless layout (the spec's navigation guard). */
export const Route = createFileRoute('/_app')({
  // Signed-in pages use messages and styles the start-up script does not hold.
  beforeLoad: async (context) => {
    const part = isFirstWorkPage(context.location.pathname) ? 'first-work' : 'all'
    const [session] = await Promise.all([requireSession(context), loadBeyondFirstScreen(part)])
    return session
  },
  // Keeps the header and footer around a page that failed.
  errorComponent: RouteErrorPage,
})
