// Capabilities as stored on items (spec core §3): a User keeps a JSON map (name → true), an
// Organization a list of names. Both shapes are read, and written back in the shape the type's
// `capabilities` property declares (kind 'json': a map; a string list: a list), so the session,
// the grant act and the admin screen agree on one reading.

/** The capability names a stored value grants: a list of names, or a map of name → true. */
export function capabilityNames(value: unknown): string[] {
  const out = new Set<string>();
  if (Array.isArray(value)) {
    for (const c of value) if (typeof c === 'string' && c) out.add(c);
  } else if (value && typeof value === 'object') {
    for (const [c, v] of Object.entries(value)) if (v === true) out.add(c);
  }
  return [...out].sort();
}

/** The stored value for these names, in the shape of the property's kind. */
export function capabilityValue(
  kind: 'json' | 'list',
  names: readonly string[],
): string[] | Record<string, true> {
  const sorted = [...new Set(names)].sort();
  return kind === 'json' ? Object.fromEntries(sorted.map((c) => [c, true as const])) : sorted;
}
