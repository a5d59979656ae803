import type { DisplayLanguage } from '../contract/constants'

/**
 * The locally stored keys of the spec (section 9). Everything the app keeps in localStorage goes
 * through here, so sign-out can clear exactly what belongs to the session. The exceptions: the
 * outbox's write-ahead journal (offline/journal.ts), unsent changes kept across sign-out like the
 * outbox itself; and the colour scheme (light, dark or the system's), which Mantine keeps under
 * `mantine-color-scheme-value` and which, like the display language, belongs to the device.
 */
type StoredValues = {
  user: unknown
  permissions: unknown
  redirect: string
  displayLanguage: DisplayLanguage
  cookiePolicyAccepted: boolean
  play_on_hover: boolean
  overlapping_playback: boolean
  stt_end_after_no_speech: boolean
  /** Unsent form input by form name, so a reload or a closed tab loses nothing typed. */
  formDrafts: Record<string, unknown>
  /** The activity tracker's sample in progress, kept across reloads (features/timelogs). */
  activitySample: unknown
  /** Written on sign-out; other tabs see the storage event and sign out too. */
  logoutSignal: number
  /** The offer to install the app was declined on this device (src/pwa/InstallOffer.tsx). */
  installOfferDeclined: boolean
}

export type StorageKey = keyof StoredValues

export const SESSION_KEYS: StorageKey[] = [
  'user',
  'permissions',
  'redirect',
  'play_on_hover',
  'overlapping_playback',
  'stt_end_after_no_speech',
  'formDrafts',
]

export const storage = {
  get<K extends StorageKey>(key: K): StoredValues[K] | null {
    try {
      const raw = localStorage.getItem(key)
      return raw === null ? null : (JSON.parse(raw) as StoredValues[K])
    } catch {
      return null
    }
  },
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void {
    try {
      localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // Private mode or a full quota: the app keeps working from memory.
    }
  },
  remove(key: StorageKey): void {
    try {
      localStorage.removeItem(key)
    } catch {
      // See set().
    }
  },
  clearSession(): void {
    for (const key of SESSION_KEYS) storage.remove(key)
  },
}
