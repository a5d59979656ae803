import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '../features/auth/guard'
import { RouteErrorPage } from '../features/shell/StatusPages'
import { loadAllMessages } from '../i18n/i18n'

/** Every page behind sign-in sits below this pathless layout (the spec's navigation guard). */
export const Route = createFileRoute('/_app')({
  // Signed-in pages use messages the start-up script does not hold (src/i18n/i18n.ts).
  beforeLoad: async (context) => {
    const [session] = await Promise.all([requireSession(context), loadAllMessages()])
    return session
  },
  // Keeps the header and footer around a page that failed.
  errorComponent: RouteErrorPage,
})
