import { createContext, type ReactNode, useContext } from 'react'

const EveryKey = createContext(false)

/**
 * The key screens as staff see them in the admin panel: every key of the instance, with no
 * coordination-group selector, and new keys of no coordination group unless one is chosen.
 */
export function EveryKeyView({ children }: { children: ReactNode }) {
  return <EveryKey.Provider value={true}>{children}</EveryKey.Provider>
}

export const useEveryKeyView = () => useContext(EveryKey)
