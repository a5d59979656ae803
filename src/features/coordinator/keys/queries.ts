import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  CreatedRegistrationKeySchema,
  CreatedResetKeySchema,
  type RegistrationKeyInput,
  RegistrationKeyListSchema,
  RegistrationKeySchema,
  type ResetKeyInput,
  ResetKeyListSchema,
} from '../../../../contract/coordinator-keys'
import { api } from '../../../api/client'
import { coordinatorKeys } from '../queries'

/** Rows per page of the key lists. */
export const KEY_PAGE_SIZE = 20

const REGISTRATION = 'coordinator/registration-keys/'
const RESET = 'coordinator/reset-password-keys/'

export const keyListKeys = {
  registration: () => [...coordinatorKeys.all, 'registration-keys'] as const,
  reset: () => [...coordinatorKeys.all, 'reset-keys'] as const,
}

type ListPlace = { coordinationGroup: number | null; offset: number }

const listQuery = (place: ListPlace) => ({
  coordination_group: place.coordinationGroup ?? undefined,
  offset: place.offset,
  limit: KEY_PAGE_SIZE,
})

export const registrationKeysQuery = (place: ListPlace) =>
  queryOptions({
    queryKey: [...keyListKeys.registration(), place] as const,
    queryFn: ({ signal }) =>
      api(REGISTRATION, { schema: RegistrationKeyListSchema, query: listQuery(place), signal }),
    placeholderData: keepPreviousData,
    // Registrations and resets use keys up meanwhile: the list is read afresh on every visit.
    staleTime: 0,
  })

export const resetKeysQuery = (place: ListPlace) =>
  queryOptions({
    queryKey: [...keyListKeys.reset(), place] as const,
    queryFn: ({ signal }) =>
      api(RESET, { schema: ResetKeyListSchema, query: listQuery(place), signal }),
    placeholderData: keepPreviousData,
    // Registrations and resets use keys up meanwhile: the list is read afresh on every visit.
    staleTime: 0,
  })

export const createRegistrationKey = (body: RegistrationKeyInput) =>
  api(REGISTRATION, { method: 'POST', body, schema: CreatedRegistrationKeySchema })

export const updateRegistrationKey = (id: number, body: RegistrationKeyInput) =>
  api(`${REGISTRATION}${id}/`, { method: 'PUT', body, schema: RegistrationKeySchema })

export const deleteRegistrationKey = (id: number) =>
  api(`${REGISTRATION}${id}/`, { method: 'DELETE' })

export const createResetKey = (body: ResetKeyInput) =>
  api(RESET, { method: 'POST', body, schema: CreatedResetKeySchema })

export const deleteResetKey = (id: number) => api(`${RESET}${id}/`, { method: 'DELETE' })
