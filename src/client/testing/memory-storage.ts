/**
 * The browser's local storage over a Map, for the client's tests in Node (in src/client, not
 * test/helpers: the client's tests open no database, and test/db-free-tests.test.ts keeps them
 * from importing test/helpers) (the real one is the
 * browser's, in the e2e tests). `full`: every write throws as a full storage does.
 */
export class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  full = false;
  get length() {
    return this.m.size;
  }
  clear() {
    this.m.clear();
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('full', 'QuotaExceededError');
    this.m.set(k, v);
  }
}
