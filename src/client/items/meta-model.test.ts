import { describe, expect, it } from 'vitest';
import { RequestError } from '../state/request-error';
import { changeRows, errorKey, grantRows, valueText } from './meta-model';

describe('grantRows', () => {
  it('groups actions per principal and granter', () => {
    const rows = grantRows(
      {
        result: {
          'Thread-3': {
            'User-1': ['User-7:read', 'User-7:update', 'Organization-2:read'],
            system: ['Thread-3:read'],
          },
        },
      },
      'Thread-3',
    );
    expect(rows).toEqual([
      { principal: 'User-7', actions: ['read', 'update'], grantedBy: 'User-1' },
      { principal: 'Organization-2', actions: ['read'], grantedBy: 'User-1' },
      { principal: 'Thread-3', actions: ['read'], grantedBy: 'system' },
    ]);
  });

  it('is empty for missing or odd replies', () => {
    expect(grantRows(undefined, 'X-1')).toEqual([]);
    expect(grantRows({ result: {} }, 'X-1')).toEqual([]);
  });
});

describe('changeRows', () => {
  it('lists the changed fields', () => {
    expect(changeRows({ changes: { subject: { from: 'a', to: 'b' }, tags: { to: ['x'] } } })).toEqual([
      { field: 'subject', from: 'a', to: 'b' },
      { field: 'tags', from: '', to: '["x"]' },
    ]);
    expect(changeRows(null)).toEqual([]);
    expect(changeRows({ changes: 'nope' })).toEqual([]);
  });

  it('shows each value as the record does, when told how', () => {
    const text = (field: string, v: unknown) => `${field}=${String(v).toLowerCase()}`;
    expect(
      changeRows({ changes: { types: { from: 'REGALIA', to: 'TOOL' }, note: { to: 'x' } } }, text),
    ).toEqual([
      { field: 'types', from: 'types=regalia', to: 'types=tool' },
      // An absent value stays empty: nothing to show.
      { field: 'note', from: '', to: 'note=x' },
    ]);
  });

  it('words a value the server kept back, never as its marker', () => {
    const text = (field: string, v: unknown) => `${field}=${JSON.stringify(v)}`;
    expect(
      changeRows({ changes: { birthDate: { from: { $hidden: true }, to: null } } }, text, 'an earlier value'),
    ).toEqual([{ field: 'birthDate', from: 'an earlier value', to: '' }]);
  });

  it('shortens long values', () => {
    expect(valueText('x'.repeat(500))).toHaveLength(120);
  });
});

describe('errorKey', () => {
  it('names the catalogue key', () => {
    expect(errorKey(new RequestError({ userMessage: 'notAllowed' }))).toBe('errors.notAllowed');
    expect(errorKey(new Error('x'))).toBe('errors.generalFailure');
  });
});
