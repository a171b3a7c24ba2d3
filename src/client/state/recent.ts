// Recently opened items, kept in this browser only (ids, never content).
const KEY = 'ckk-recent';
const MAX = 10;

export function rememberItem(id: string): void {
  try {
    const list = recentItems().filter((x) => x !== id);
    localStorage.setItem(KEY, JSON.stringify([id, ...list].slice(0, MAX)));
  } catch {
    /* storage blocked: nothing to remember */
  }
}

export function recentItems(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
