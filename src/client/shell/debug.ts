// Debug mode: a 'debug' URL parameter or a stored setting (spec core §9).
const KEY = 'ckk-debug';

export function isDebug(): boolean {
  try {
    return new URLSearchParams(location.search).has('debug') || localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setDebug(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage blocked */
  }
}
