import type { QueryClient } from '@tanstack/react-query'

/**
 * What every route's guard and loader receives. Its own module, so that guards and the root
 * route need not import `router.tsx`, which imports the generated route tree and with it every
 * route and layout.
 */
export type RouterContext = { queryClient: QueryClient }
