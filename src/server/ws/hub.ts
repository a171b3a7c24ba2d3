import type { Session } from './session';

/** Indexes this node's sockets by what they watch, for fan-out. */
export class Hub {
  readonly sessions = new Set<Session>();
  private readonly byItem = new Map<string, Set<Session>>();
  private readonly byType = new Map<string, Set<Session>>();

  add(s: Session): void {
    this.sessions.add(s);
  }

  /**
   * Forgets a closed socket everywhere. Empty index entries go too, and the session's own maps
   * are emptied, so a request or fan-out still holding the session after the close keeps no
   * filters alive.
   */
  remove(s: Session): void {
    this.sessions.delete(s);
    for (const id of [...s.watches.keys()]) this.unwatch(s, id);
    for (const type of s.typeWatches.keys()) this.dropTypeIndex(s, type);
    s.typeWatches.clear();
    s.typeWatchCounts.clear();
  }

  /** Whether the socket is still served; a request that finishes after the close adds nothing. */
  has(s: Session): boolean {
    return this.sessions.has(s);
  }

  watch(s: Session, id: string, u: number): void {
    // An addWatch whose database read ended after the socket closed would otherwise re-index
    // a dead session that nothing removes again.
    if (!this.sessions.has(s)) return;
    s.watches.set(id, u);
    let set = this.byItem.get(id);
    if (!set) this.byItem.set(id, (set = new Set()));
    set.add(s);
  }

  unwatch(s: Session, id: string): void {
    s.watches.delete(id);
    const set = this.byItem.get(id);
    set?.delete(s);
    if (set?.size === 0) this.byItem.delete(id);
  }

  watchType(s: Session, type: string): void {
    if (!this.sessions.has(s)) return;
    let set = this.byType.get(type);
    if (!set) this.byType.set(type, (set = new Set()));
    set.add(s);
  }

  unwatchTypeIfEmpty(s: Session, type: string): void {
    if ((s.typeWatches.get(type)?.length ?? 0) > 0) return;
    s.typeWatches.delete(type);
    this.dropTypeIndex(s, type);
  }

  private dropTypeIndex(s: Session, type: string): void {
    const set = this.byType.get(type);
    set?.delete(s);
    if (set?.size === 0) this.byType.delete(type);
  }

  itemWatchers(id: string): Set<Session> {
    return this.byItem.get(id) ?? new Set();
  }

  typeWatchers(type: string): Set<Session> {
    return this.byType.get(type) ?? new Set();
  }

  sessionsOf(userId: string): Session[] {
    return [...this.sessions].filter((s) => s.userId === userId);
  }

  /** Sizes of the indexes, for tests, benches and admin diagnostics (read-only). */
  stats(): { sessions: number; items: number; types: number; itemEntries: number; typeEntries: number } {
    let itemEntries = 0;
    for (const set of this.byItem.values()) itemEntries += set.size;
    let typeEntries = 0;
    for (const set of this.byType.values()) typeEntries += set.size;
    return {
      sessions: this.sessions.size,
      items: this.byItem.size,
      types: this.byType.size,
      itemEntries,
      typeEntries,
    };
  }
}
