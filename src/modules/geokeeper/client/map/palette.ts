// The field data map's colours (spec §9: "work item and reference colours are fixed"; the values
// are ours, docs/geokeeper.md "The map"). Records take their work item's colour: a fixed palette
// of eight colour-blind-safe hues (Okabe–Ito, plus a purple and a brown), picked by the work
// item's number, so a work item keeps its colour on every map and every device. Each marker has a
// theme outline (near-black on the light background, white on the dark), which gives every hue at
// least 3:1 against either background. References are hollow rings in one fixed colour per theme.

export const WORK_ITEM_COLOURS = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#8E44AD',
  '#8C6D1F',
] as const;

/** A record with no work item (or one the reader may not read). */
export const NO_WORK_ITEM_COLOUR = '#7A7A7A';

export function referenceColour(dark: boolean): string {
  return dark ? '#F4D35E' : '#5B2A86';
}

export function outlineColour(dark: boolean): string {
  return dark ? '#FFFFFF' : '#1B1B1B';
}

/** The plain background the map draws on (no tiles needed: a monitor's office may be offline). */
export function backgroundColour(dark: boolean): string {
  return dark ? '#1e2226' : '#eef1ec';
}

/** A work item's colour, by its item number: stable wherever it is drawn. */
export function workItemColour(id: string | undefined): string {
  if (!id) return NO_WORK_ITEM_COLOUR;
  const n = Number(id.slice(id.lastIndexOf('-') + 1));
  return Number.isFinite(n) ? WORK_ITEM_COLOURS[n % WORK_ITEM_COLOURS.length]! : NO_WORK_ITEM_COLOUR;
}
