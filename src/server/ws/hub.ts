import type { Session } from './session';

/** Indexes this node's sockets by what they watch, for fan-out. */
export class Hub {
  readonly sessions = new Set<Session>();
  private readonly byItem = new Map<string, Set<Session>>();
  private readonly byType = new Map<string, Set<Session>>();

  add(s: Session): void {
    this.sessions.add(s);
  }

  remove(s: Session): void {
    this.sessions.delete(s);
    for (const id of s.watches.keys()) this.unwatch(s, id);
    for (const type of s.typeWatches.keys()) this.byType.get(type)?.delete(s);
  }

  watch(s: Session, id: string, u: number): void {
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
    let set = this.byType.get(type);
    if (!set) this.byType.set(type, (set = new Set()));
    set.add(s);
  }

  unwatchTypeIfEmpty(s: Session, type: string): void {
    if ((s.typeWatches.get(type)?.length ?? 0) > 0) return;
    s.typeWatches.delete(type);
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
}
