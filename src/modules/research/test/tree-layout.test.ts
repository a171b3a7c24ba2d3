import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FamilyTree, TreePerson } from '../contract-tree';
import { GEN_GAP, NODE_H, NODE_W, neighbour, planTree } from '../client/tree/tree-layout';
import { accessibleName, lifeLine, linkText, plainDate, treeDate } from '../client/tree/tree-text';
import { researchTreeEn } from '../i18n/en-tree';

// The tree's drawing plan and words, without a browser: the hourglass (parents up, children down,
// partners beside), labelled links where the kind matters, one box per person even when two lines
// reach them, the arrow keys' moves, and the names a screen reader hears.

let t: TFunction;
beforeAll(async () => {
  const i = i18next.createInstance();
  await i.init({
    lng: 'en',
    resources: { en: { translation: researchTreeEn } },
    interpolation: { escapeValue: false },
  });
  t = i.t;
});

const person = (
  id: string,
  label: string,
  more: Partial<Extract<TreePerson, { hidden: false }>> = {},
): TreePerson => ({
  $id: id,
  hidden: false,
  label,
  deceased: false,
  ...more,
});

// Nathan: adopted by George and Alice, born to Marie and to a father the reader may not see.
// George and Alice also have Michael; Michael's wife is Grace. Alice's parents are James and Eliza.
const TREE: FamilyTree = {
  root: 'n',
  people: [
    person('n', 'Nathan Thomas', { birth: { date: '1979-06-14' }, indigenousName: 'Kamachí' }),
    person('g', 'George Thomas', { birth: { date: '1938' }, death: { date: '2010' }, deceased: true }),
    person('a', 'Alice Thomas', { birth: { date: '1945-07-23' } }),
    person('m', 'Marie Bighorn'),
    { $id: 'k', hidden: true },
    person('j', 'James Sinclair', { birth: { date: '1922', qualifier: 'ABT' }, deceased: true }),
    person('e', 'Eliza Sinclair'),
  ],
  parents: [
    { child: 'n', parent: 'g', type: 'ADOPT' },
    { child: 'n', parent: 'a', type: 'ADOPT' },
    { child: 'n', parent: 'm', type: 'BIO' },
    { child: 'n', parent: 'k', type: 'BIO' },
    { child: 'a', parent: 'j', type: 'BIO' },
    { child: 'a', parent: 'e', type: 'BIO' },
  ],
  partners: [],
  moreUp: false,
  moreDown: false,
  truncated: false,
};

describe('planTree', () => {
  const plan = planTree(TREE);
  const at = (id: string) => plan.people.find((p) => p.person.$id === id)!;

  it('puts the member in the middle, every parent a generation up, grandparents two', () => {
    expect(at('n')).toMatchObject({ x: -NODE_W / 2, y: 0, role: { kind: 'root' } });
    for (const id of ['g', 'a', 'm', 'k']) expect(at(id).y).toBe(-(NODE_H + GEN_GAP));
    for (const id of ['j', 'e']) expect(at(id).y).toBe(-2 * (NODE_H + GEN_GAP));
    expect(at('g').role).toMatchObject({ kind: 'parent', type: 'ADOPT', of: 'n', depth: 1 });
    expect(at('k').person.hidden).toBe(true);
  });

  it('never overlaps two boxes of one generation', () => {
    const row = plan.people.filter((p) => p.y === at('g').y).sort((a, b) => a.x - b.x);
    for (let i = 1; i < row.length; i++) expect(row[i]!.x - row[i - 1]!.x).toBeGreaterThanOrEqual(NODE_W);
  });

  it('labels each of the member’s parent links with its kind, adoptive and biological together', () => {
    const up = plan.links.filter((l) => l.kind === 'parent' && l.key.startsWith('parent n '));
    expect(up.map((l) => [l.type, !!l.label, linkText(t, l)]).sort()).toEqual([
      ['ADOPT', true, 'Adoptive'],
      ['ADOPT', true, 'Adoptive'],
      ['BIO', true, 'Biological'],
      ['BIO', true, 'Biological'],
    ]);
    // Alice's own parents are both by birth: no words needed, the solid line says it.
    const alices = plan.links.filter((l) => l.key.startsWith('parent a '));
    expect(alices.map((l) => l.label)).toEqual([undefined, undefined]);
  });

  it('draws a person reached twice once, with both lines to the one box', () => {
    const twice: FamilyTree = {
      ...TREE,
      people: [...TREE.people, person('x', 'Louis Bighorn')],
      parents: [
        ...TREE.parents,
        { child: 'e', parent: 'x', type: 'BIO' },
        { child: 'm', parent: 'x', type: 'BIO' },
      ],
    };
    const p = planTree(twice);
    expect(p.people.filter((q) => q.person.$id === 'x')).toHaveLength(1);
    expect(p.links.filter((l) => l.key.includes(' x '))).toHaveLength(2);
  });

  it('draws children below with their partners beside, a couple’s child from the couple', () => {
    const george: FamilyTree = {
      root: 'g',
      people: [
        person('g', 'George Thomas'),
        person('a', 'Alice Thomas'),
        person('mi', 'Michael Thomas', { birth: { date: '1968' } }),
        person('n', 'Nathan Thomas', { birth: { date: '1979' } }),
        person('gr', 'Grace Thomas'),
      ],
      parents: [
        { child: 'mi', parent: 'g', type: 'BIO' },
        { child: 'mi', parent: 'a', type: 'BIO' },
        { child: 'n', parent: 'g', type: 'ADOPT' },
        { child: 'n', parent: 'a', type: 'ADOPT' },
      ],
      partners: [
        { a: 'a', b: 'g', type: 'SPOUSE', endType: 'DECEASED' },
        { a: 'gr', b: 'mi', type: 'SPOUSE' },
      ],
      moreUp: false,
      moreDown: false,
      truncated: false,
    };
    const p = planTree(george);
    const pos = (id: string) => p.people.find((q) => q.person.$id === id)!;
    expect(pos('a')).toMatchObject({ y: 0, role: { kind: 'partner', of: 'g' } });
    expect(pos('a').x).toBeGreaterThan(pos('g').x + NODE_W);
    expect(pos('mi').x).toBeLessThan(pos('n').x); // older first
    expect(pos('gr')).toMatchObject({ y: pos('mi').y, role: { kind: 'partner', of: 'mi' } });
    const down = p.links.filter((l) => l.dir === 'down');
    // One line per child from the couple, not one from each parent.
    expect(down.map((l) => l.type).sort()).toEqual(['ADOPT', 'BIO']);
    expect(down.find((l) => l.type === 'ADOPT')!.label).toBeDefined();
    expect(
      linkText(
        t,
        down.find((l) => l.type === 'ADOPT')!,
      ),
    ).toBe('Adopted');
    expect(p.links.filter((l) => l.kind === 'partner').map((l) => linkText(t, l))).toEqual([
      'Spouse',
      'Spouse',
    ]);
  });
});

describe('neighbour (the arrow keys)', () => {
  const plan = planTree(TREE);
  const idx = (id: string) => plan.people.findIndex((p) => p.person.$id === id);
  it('goes up to the nearest parent, down back, across a generation and stops at its ends', () => {
    const root = idx('n');
    const up = neighbour(plan.people, root, 'up');
    expect(plan.people[up]!.y).toBeLessThan(0);
    expect(neighbour(plan.people, up, 'down')).toBe(root);
    const row = plan.people
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.y === plan.people[up]!.y)
      .sort((a, b) => a.p.x - b.p.x);
    expect(neighbour(plan.people, row[0]!.i, 'right')).toBe(row[1]!.i);
    expect(neighbour(plan.people, row[0]!.i, 'left')).toBe(row[0]!.i);
    expect(neighbour(plan.people, root, 'down')).toBe(root);
  });
});

describe('the words', () => {
  it('keeps imprecise dates as recorded', () => {
    expect(plainDate('1890')).toBe('1890');
    expect(plainDate('1960-03')).toBe('March 1960');
    expect(plainDate('1949-11-02')).toBe('2 November 1949');
    expect(treeDate(t, { date: '1890', qualifier: 'ABT' })).toBe('about 1890');
    expect(treeDate(t, { date: '1875', qualifier: 'BET', to: '1880' })).toBe('between 1875 and 1880');
    expect(treeDate(t, { date: '1940', qualifier: 'BEF' })).toBe('before 1940');
  });

  it('writes the dates line and the accessible name', () => {
    const plan = planTree(TREE);
    const names = new Map(TREE.people.map((p) => [p.$id, p.hidden ? 'Someone you may not see' : p.label]));
    const nameOf = (id: string) => names.get(id)!;
    const at = (id: string) => plan.people.find((p) => p.person.$id === id)!;
    expect(accessibleName(t, at('g'), nameOf)).toBe('George Thomas, born 1938, died 2010, adoptive parent');
    expect(accessibleName(t, at('m'), nameOf)).toBe('Marie Bighorn, biological parent');
    expect(accessibleName(t, at('k'), nameOf)).toBe('Someone you may not see, biological parent');
    expect(accessibleName(t, at('j'), nameOf)).toBe(
      'James Sinclair, born about 1922, deceased, biological parent of Alice Thomas',
    );
    expect(accessibleName(t, at('n'), nameOf)).toBe(
      'Nathan Thomas, Kamachí, born 14 June 1979, at the centre of this tree',
    );
    expect(lifeLine(t, at('g').person)).toBe('1938 – 2010');
    expect(lifeLine(t, at('j').person)).toBe('about 1922 – ?');
    expect(lifeLine(t, at('a').person)).toBe('born 23 July 1945');
    expect(lifeLine(t, at('k').person)).toBe('not shown to you');
  });
});
