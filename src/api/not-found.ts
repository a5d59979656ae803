import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from './client'

/** A 404 of the server, while a route loads, shows the not-found page rather than an error. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound()
    throw error
  }
}

/** Loads what a page needs before it shows; an id the user cannot see is a missing page. */
export function ensureOrNotFound<T, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, TKey>,
): Promise<T> {
  return orNotFound(queryClient.ensureQueryData(options))
}
