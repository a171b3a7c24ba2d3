// A count of what each user has running at once on this node (uploads being sent, zip downloads
// being written): one person's script must not take every stream a node has, since one node
// serves every community (issue 36 "per-user quotas"). Kept in memory: what it guards is this
// node's disk, sockets and CPU, and a slot is given back when its request ends, however it ends.

export class UserSlots {
  private readonly taken = new Map<string, number>();

  constructor(readonly max: number) {}

  /** A slot for the user, or null when they hold `max` already; call the release once, when done. */
  take(userId: string): (() => void) | null {
    const n = this.taken.get(userId) ?? 0;
    if (n >= this.max) return null;
    this.taken.set(userId, n + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = (this.taken.get(userId) ?? 1) - 1;
      if (left > 0) this.taken.set(userId, left);
      else this.taken.delete(userId);
    };
  }
}
