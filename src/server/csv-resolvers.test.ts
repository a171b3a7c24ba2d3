import { describe, expect, it } from 'vitest';
import { buildCsvResolvers } from './csv-resolvers';
import type { CsvCellResolver, ServerModule } from './services';

// services.csvResolvers (docs/csv-import.md "Cells a module reads"): each type's resolvers in the
// order their modules declare them, and one property read by one module only.

const r =
  (tag: string): CsvCellResolver =>
  async () => ({ value: tag });
const mod = (id: string, csvResolvers: ServerModule['csvResolvers']): ServerModule => ({
  id,
  acts: {},
  csvResolvers,
});

describe('buildCsvResolvers', () => {
  it('keeps each type’s resolvers in the declared order, across modules', async () => {
    const m = buildCsvResolvers([
      mod('a', { T: { project: r('p'), activity: r('a') } }),
      mod('b', { T: { respondents: r('r') }, U: { x: r('x') } }),
      { id: 'c', acts: {} },
    ]);
    expect(m.get('T')!.map(([p]) => p)).toEqual(['project', 'activity', 'respondents']);
    expect(await m.get('U')![0]![1]('cell', {} as never)).toEqual({ value: 'x' });
    expect(m.has('V')).toBe(false);
  });

  it('refuses a property two modules would both read', () => {
    expect(() => buildCsvResolvers([mod('a', { T: { p: r('1') } }), mod('b', { T: { p: r('2') } })])).toThrow(
      /T\.p of module b is module a's/,
    );
  });
});
