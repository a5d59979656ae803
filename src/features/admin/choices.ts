import { useQuery } from '@tanstack/react-query'
import { clientGroupsApi, endworkerGroupsApi, everyEntry, usersApi } from './api'

type Choice = { value: string; label: string }

const byName = (rows: { id: number; name: string }[] | undefined): Choice[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }))

/** Every account as a choice, its username with the person's name. */
export function useAccountChoices(): Choice[] {
  const { data } = useQuery(everyEntry(usersApi, 'username'))
  return (data?.results ?? []).map((user) => {
    const name = `${user.first_name} ${user.last_name}`.trim()
    return { value: String(user.id), label: name ? `${user.username} (${name})` : user.username }
  })
}

export function useEndworkerGroupChoices(): Choice[] {
  return byName(useQuery(everyEntry(endworkerGroupsApi)).data?.results)
}

/**
 * The review groups as choices, with `chosen` kept even where it is no longer one: the form
 * shows what is saved, and saving it again says why it cannot stay.
 */
export function useReviewGroupChoices(chosen: number | null): Choice[] {
  const groups = useQuery(everyEntry(endworkerGroupsApi)).data?.results
  return byName(groups?.filter((group) => group.review_group || group.id === chosen))
}

export function useClientGroupChoices(): Choice[] {
  return byName(useQuery(everyEntry(clientGroupsApi)).data?.results)
}

/** Ids as the pickers hold them, and back. */
export const idTexts = (ids: readonly number[]) => ids.map(String)
export const idNumbers = (texts: readonly string[]) => texts.map(Number)
