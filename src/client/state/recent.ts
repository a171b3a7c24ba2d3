// Recently opened items, kept in this browser only (ids, never content), for each person apart:
// on a shared office computer the next person is not shown what the last one opened.
const KEY = 'ckk-recent';
const MAX = 10;

const keyOf = (userId: string) => `${KEY}:${userId}`;

export function rememberItem(userId: string, id: string): void {
  try {
    const list = recentItems(userId).filter((x) => x !== id);
    localStorage.setItem(keyOf(userId), JSON.stringify([id, ...list].slice(0, MAX)));
    // The list kept for everyone before it was kept per person.
    localStorage.removeItem(KEY);
  } catch {
    /* storage blocked: nothing to remember */
  }
}

export function recentItems(userId: string | null | undefined): string[] {
  if (!userId) return [];
  try {
    const v = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
