/**
 * The message keys a source text names: quoted strings such as 'people.stop', and the literal
 * start of built ones (`tasks.actions.${x}` names tasks.actions). Only paths whose first part is
 * one of `sections` count, so route names and other dotted strings are left alone.
 * Used by bundle.test.ts to keep the start-up part of the English bundle complete.
 */
export function keyRefs(text: string, sections: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(['"`])([a-zA-Z][\w-]*(?:\.[\w-]+)*)(\.\$\{|\1)/g)) {
    const [, quote, key, end] = m;
    if (end === quote && !key!.includes('.')) continue;
    if (sections.has(key!.split('.')[0]!)) out.push(key!);
  }
  return out;
}

/** Whether a message's path is covered by a named key (itself, below it, or a plural or context form of it). */
export function covers(ref: string, leaf: string): boolean {
  return leaf === ref || leaf.startsWith(`${ref}.`) || leaf.startsWith(`${ref}_`);
}
