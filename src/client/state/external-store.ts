import { useSyncExternalStore } from 'react';
import type { SocketClient } from './socket-client';

/**
 * A value outside React that components read with useSyncExternalStore: `subscribe` and
 * `getSnapshot` are bound (React calls them unbound), and `publish` swaps the snapshot and tells
 * every subscriber. The stores fed by the session (menu items, system alerts, tasks) and the
 * snackbar's alerts share it.
 */
export class ExternalStore<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private snap: T) {}

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): T => this.snap;

  /** A new snapshot (a new object: React compares by identity). */
  protected publish(next: T): void {
    this.snap = next;
    for (const fn of this.listeners) fn();
  }
}

/** The store's snapshot, re-rendering when it changes. */
export function useStore<T>(store: ExternalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** One store per socket client, made on first use (the app has one client; tests make several). */
export function perClient<S extends object, A extends unknown[]>(
  make: (client: SocketClient, ...args: A) => S,
): (client: SocketClient, ...args: A) => S {
  const stores = new WeakMap<SocketClient, S>();
  return (client, ...args) => {
    let s = stores.get(client);
    if (!s) stores.set(client, (s = make(client, ...args)));
    return s;
  };
}
