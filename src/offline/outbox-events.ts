import type { OutboxOp, Rejection } from './db'

/** Where the kv store keeps the time of the last accepted send. */
export const LAST_SYNCED_KEY = 'outbox.lastSyncedAt'

export type OutboxStatus = {
  /** The browser says online and the last send got an answer. */
  online: boolean
  /** The signed-in user's ops still to send; null until this page has read them from the device. */
  pending: number | null
  /** This tab is sending right now. */
  syncing: boolean
  /** The signed-in user's permanently rejected ops, oldest first, until they retry or discard. */
  rejections: Rejection[]
  lastSyncedAt: number | null
}

export type OutboxEvent =
  | { type: 'status'; status: OutboxStatus }
  /** An op was accepted; `result` is the server's answer (the same in every tab). */
  | { type: 'synced'; op: OutboxOp; result: unknown }
  | { type: 'rejected'; rejection: Rejection }

export type OutboxListener = (event: OutboxEvent) => void

export type OpEvent = Extract<OutboxEvent, { type: 'synced' | 'rejected' }>

type Broadcast = { type: 'changed' } | OpEvent

export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine
}

/** Rethrown outside the engine's flow: it surfaces (console, test runner) without stopping it. */
export function surface(error: unknown): void {
  queueMicrotask(() => {
    throw error
  })
}

export function sameStatus(a: OutboxStatus, b: OutboxStatus): boolean {
  return (
    a.online === b.online &&
    a.pending === b.pending &&
    a.syncing === b.syncing &&
    a.lastSyncedAt === b.lastSyncedAt &&
    a.rejections.length === b.rejections.length &&
    a.rejections.every((rejection, index) => rejection.id === b.rejections[index]?.id)
  )
}

/** The outbox's listeners in this tab, and the engines of the other tabs. */
export class OutboxNotifier {
  private readonly listeners = new Set<OutboxListener>()
  private channel: BroadcastChannel | undefined

  subscribe(listener: OutboxListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: OutboxEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch (error) {
        surface(error)
      }
    }
  }

  /** Tells this tab's listeners and the other tabs. */
  publish(event: OpEvent): void {
    this.emit(event)
    this.post(event)
  }

  /** Tells the other tabs that the outbox changed. */
  changed(): void {
    this.post({ type: 'changed' })
  }

  /**
   * Hears the other tabs: their accepted and rejected ops reach this tab's listeners, and every
   * message calls `onChange`. Answers what stops listening.
   */
  listen(channelName: string, onChange: () => void): () => void {
    if (typeof BroadcastChannel === 'undefined') return () => undefined
    const channel = new BroadcastChannel(channelName)
    channel.onmessage = (event: MessageEvent<Broadcast>) => {
      if (event.data.type !== 'changed') this.emit(event.data)
      onChange()
    }
    this.channel = channel
    return () => channel.close()
  }

  private post(message: Broadcast): void {
    try {
      this.channel?.postMessage(message)
    } catch {
      // An answer that cannot be cloned: the other tabs still learn that something changed.
      this.channel?.postMessage({ type: 'changed' } satisfies Broadcast)
    }
  }
}
