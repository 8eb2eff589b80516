import { vi } from 'vitest';
import type { AppSocket } from '../lib/socket.ts';

type Listener = (...args: unknown[]) => void;

/** A socket that records what the app emits and lets the test play the server. */
export class FakeSocket {
  connected = true;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  ack: unknown = { ok: true };
  /** Whether Socket.IO would reconnect by itself (false after the server refused the handshake). */
  active = true;
  disconnect: ReturnType<typeof vi.fn<() => void>> = vi.fn<() => void>();
  connect: ReturnType<typeof vi.fn<() => void>> = vi.fn<() => void>();
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  timeout() {
    return {
      emitWithAck: async (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        return this.ack;
      },
    };
  }

  /** A plain emit (no ack), as the app sends typing, presence and receipts. */
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  /** The first argument of each emit of `event`, in order. */
  emitsOf(event: string) {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.args[0]);
  }

  /** The server sends `event`. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }

  asSocket() {
    return this as unknown as AppSocket;
  }
}
