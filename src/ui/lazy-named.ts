import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A component of a module loaded only when first rendered (render it inside Suspense), so what
 * the signed-out start-up page does not show stays out of the start-up bundle.
 */
export function lazyNamed<TName extends string, TProps extends object>(
  load: () => Promise<Record<TName, ComponentType<TProps>>>,
  name: TName,
): LazyExoticComponent<ComponentType<TProps>> {
  return lazy(() => load().then((module) => ({ default: module[name] })))
}
