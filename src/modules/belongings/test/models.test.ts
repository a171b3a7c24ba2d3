import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, groupCards, movePatch, NO_STATUS, targetsOf, toCard } from '../client/board-model';
import { historyLines, isShared, type HistoryEvent } from '../client/history-model';
import { INSTITUTION_GRANTOR, REPATRIATION_STATUSES } from '../types';

// The board's and the history's pure models (docs/belongings.md).

describe('the repatriation board model', () => {
  const card = (id: number, title: string, status?: string, wf?: unknown) =>
    toCard({
      $id: `Belonging-${id}`,
      $version: 3,
      title,
      repatriationStatus: status,
      institution: 'Organization-9',
      _wf: wf,
    });

  it('has a column for no status, then one per status in the spec’s order', () => {
    expect(BOARD_COLUMNS).toEqual([NO_STATUS, ...REPATRIATION_STATUSES]);
  });

  it('puts each card in its status’s column, by title; an unknown status counts as none', () => {
    const g = groupCards([
      card(1, 'rattle', 'DENIED'),
      card(2, 'Bag', 'IN_PROGRESS'),
      card(3, 'apron', 'IN_PROGRESS'),
      card(4, 'x', 'BOGUS'),
      card(5, 'y'),
    ]);
    expect(g.IN_PROGRESS.map((c) => c.title)).toEqual(['apron', 'Bag']);
    expect(g.DENIED.map((c) => c.$id)).toEqual(['Belonging-1']);
    expect(g[NO_STATUS].map((c) => c.$id)).toEqual(['Belonging-4', 'Belonging-5']);
    expect(g.REPATRIATED).toEqual([]);
  });

  it('shows the step being worked on: the ACTIVE one, else the first PENDING', () => {
    const steps = (a: string, b: string) => ({
      steps: [
        { label: 'Request', state: a },
        { label: 'Research', state: b },
      ],
    });
    expect(card(1, 'a', 'IN_PROGRESS', steps('COMPLETE', 'ACTIVE')).step).toBe('Research');
    expect(card(1, 'a', 'IN_PROGRESS', steps('PENDING', 'BLANK')).step).toBe('Request');
    expect(card(1, 'a', 'IN_PROGRESS', steps('COMPLETE', 'COMPLETE')).step).toBeNull();
    expect(card(1, 'a').step).toBeNull();
  });

  it('moves by an ordinary update of the status (none removes it) to any other column', () => {
    const c = card(2, 'Bag', 'IN_PROGRESS');
    expect(movePatch(c, 'IN_TRANSIT')).toEqual({
      $id: 'Belonging-2',
      $version: 3,
      repatriationStatus: 'IN_TRANSIT',
    });
    expect(movePatch(c, NO_STATUS)).toEqual({ $id: 'Belonging-2', $version: 3, repatriationStatus: null });
    expect(targetsOf(c)).not.toContain('IN_PROGRESS');
    expect(targetsOf(c)).toHaveLength(BOARD_COLUMNS.length - 1);
  });
});

describe('the repatriation history model', () => {
  const ev = (
    id: number,
    kind: string,
    data: Record<string, unknown> | null,
    actor: string | null = 'User-1',
  ): HistoryEvent => ({
    id,
    kind,
    actor,
    at: `2026-11-0${id}T10:00:00.000Z`,
    data,
  });
  const names = {
    step: (id: string) => ({ request: 'Send the request', transport: 'Bring it home' })[id] ?? id,
    name: (id: string | null) =>
      id ? ({ 'User-1': 'Joseph', 'Organization-9': 'Royal Museum' }[id] ?? id) : 'automatically',
    state: (s: string) => s.toLowerCase(),
    status: (s: string | null) => s ?? 'none',
  };

  it('tells the workflow’s events, the status changes and the sharing, oldest first; nothing else', () => {
    const lines = historyLines(
      [
        ev(6, 'granted', { principal: 'Organization-9', actions: ['read'], grantedBy: INSTITUTION_GRANTOR }),
        ev(5, 'updated', { changes: { repatriationStatus: { from: 'IN_PROGRESS', to: 'IN_TRANSIT' } } }),
        ev(4, 'WKF_STEP_STATE_SET', {
          step: 'transport',
          state: 'COMPLETE',
          moves: [
            { step: 'transport', from: 'ACTIVE', to: 'COMPLETE' },
            { step: 'return', from: 'BLANK', to: 'ACTIVE' },
            { step: 'return', from: 'BLANK', to: 'PENDING' },
          ],
        }),
        ev(3, 'WKF_STEP_ASSIGNED', { step: 'request', from: null, to: 'User-1' }),
        ev(2, 'updated', { changes: { description: { from: 'a', to: 'b' } } }),
        ev(1, 'WKF_MANUAL_INIT', {}),
        ev(7, 'granted', { principal: 'User-5', actions: ['read'], grantedBy: 'User-2' }),
        ev(8, 'WKF_STEP_STATE_FORCED', { step: 'request', state: 'SKIP', forced: true }, null),
      ],
      names,
    );
    expect(lines.map((l) => [l.message, l.params])).toEqual([
      ['started', { who: 'Joseph' }],
      ['assigned', { who: 'Joseph', step: 'Send the request', person: 'Joseph' }],
      ['moved', { who: 'Joseph', step: 'Bring it home', to: 'complete' }],
      ['moved', { who: 'Joseph', step: 'return', to: 'active' }],
      ['status', { who: 'Joseph', status: 'IN_TRANSIT' }],
      ['shared', { who: 'Joseph', org: 'Royal Museum' }],
      ['moved', { who: 'automatically', step: 'Send the request', to: 'skip' }],
    ]);
    expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
  });

  it('tells nothing of what act/timeline kept back', () => {
    const hidden = { $hidden: true };
    const lines = historyLines(
      [
        ev(1, 'WKF_STEP_ASSIGNED', hidden),
        ev(2, 'WKF_STEP_UNASSIGNED', hidden),
        ev(3, 'updated', { changes: { repatriationStatus: { from: hidden, to: hidden } } }),
        ev(4, 'updated', { changes: { repatriationStatus: { from: hidden, to: 'RETURNED' } } }),
      ],
      names,
    );
    expect(lines.map((l) => [l.message, l.params])).toEqual([
      ['status', { who: 'Joseph', status: 'RETURNED' }],
    ]);
  });

  it('knows whether the last sharing event left it shared', () => {
    const share = (id: number, kind: string) =>
      ev(id, kind, { principal: 'Organization-9', grantedBy: INSTITUTION_GRANTOR });
    expect(isShared([])).toBe(false);
    expect(isShared([share(1, 'granted')])).toBe(true);
    expect(isShared([share(2, 'grantRemoved'), share(1, 'granted')])).toBe(false);
    expect(isShared([share(1, 'grantRemoved'), share(2, 'granted')])).toBe(true);
  });
});
