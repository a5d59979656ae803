/**
 * The page's audio players, so that starting one pauses the others (unless the worker allows
 * overlapping playback) and so screen-level shortcuts can reach an item's audio. Module state is
 * right here: there is one page, and players register and unregister with their lifetime.
 */

type Player = { itemId: number; element: HTMLMediaElement }

const players = new Set<Player>()

export function registerPlayer(player: Player): () => void {
  players.add(player)
  return () => {
    players.delete(player)
  }
}

/** Called when `element` starts playing: the others pause unless overlapping is allowed. */
export function claimPlayback(element: HTMLMediaElement, overlappingAllowed: boolean): void {
  if (overlappingAllowed) return
  for (const player of players) {
    if (player.element !== element && !player.element.paused) player.element.pause()
  }
}

const firstPlayerOf = (itemId: number) =>
  [...players].find((player) => player.itemId === itemId)?.element

/** Plays or pauses the item's first audio; false when the item has no loaded audio. */
export function toggleItemAudio(itemId: number): boolean {
  const element = firstPlayerOf(itemId)
  if (!element) return false
  if (element.paused) void element.play().catch(() => {})
  else element.pause()
  return true
}

/** Plays the item's first audio from the start; false when the item has no loaded audio. */
export function replayItemAudio(itemId: number): boolean {
  const element = firstPlayerOf(itemId)
  if (!element) return false
  element.currentTime = 0
  void element.play().catch(() => {})
  return true
}
