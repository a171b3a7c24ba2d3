import { describe, expect, it } from 'vitest';
import { Agreement, Contact, User } from '../../modules/core/types';
import type { Item } from '../state/items';
import { editFields, headerFacts, isEditShortcut, recordFields, stateValue } from './record-model';

const item = (t: string, data: Record<string, unknown>): Item =>
  ({ $id: `${t}-1`, _t: t, _u: 1, $version: 1, $access: 'PRIVATE', owner: null, ...data }) as Item;

const names = (entries: [string, unknown][]) => entries.map(([n]) => n);

describe('recordFields', () => {
  const me = item('User', {
    name: 'Mary Sam',
    email: 'mary@riverbend.example',
    admin: false,
    dark: false,
    masquerading: false,
    capabilities: null,
  });

  it('hides admin-only and system fields from an ordinary user, but not the declared e-mail', () => {
    const f = recordFields(User, me, { admin: false, editable: true });
    expect(names(f.filled)).toEqual(['name', 'email', 'dark']);
    expect(names(f.filled)).not.toContain('admin');
    expect(names(f.empty)).not.toContain('capabilities');
    expect(names(f.empty)).not.toContain('notifyPairs');
  });

  it('shows an admin the admin-only fields, folding the empty ones', () => {
    const f = recordFields(User, me, { admin: true, editable: true });
    expect(names(f.filled)).toEqual(['name', 'email', 'admin', 'dark']);
    expect(names(f.empty)).toContain('capabilities');
    // Nobody writes a system field: not even an admin gets it, filled or folded.
    expect(names([...f.filled, ...f.empty])).not.toContain('masquerading');
    expect(names(f.empty)).not.toContain('notifyPairs');
  });

  it('folds the empty fields one may fill, and leaves out those a reader cannot', () => {
    const c = item('Contact', { firstName: 'Lucy', lastName: 'Moosehide', mobilePhone: '2505550199' });
    const editor = recordFields(Contact, c, { admin: false, editable: true });
    expect(names(editor.filled)).toEqual(['firstName', 'lastName', 'mobilePhone']);
    expect(names(editor.empty)).toEqual([
      'email',
      'middleName',
      'officePhone',
      'otherPhone',
      '_related',
      'notify',
    ]);
    const reader = recordFields(Contact, c, { admin: false, editable: false });
    expect(reader.empty).toEqual([]);
  });

  it('leaves out what a module section shows itself', () => {
    const c = item('Contact', { firstName: 'Lucy', lastName: 'Moosehide', notify: 'DIGEST' });
    expect(
      names(recordFields(Contact, c, { admin: false, editable: true, omit: ['notify'] }).filled),
    ).toEqual(['firstName', 'lastName']);
  });
});

describe('headerFacts and stateValue', () => {
  it('gives the declared key facts that have a value, in their declared order', () => {
    const c = item('Contact', {
      email: 'lucy@cedarridge.example',
      officePhone: '2505550100',
      _related: ['Organization-2'],
    });
    expect(names(headerFacts(Contact, c, false))).toEqual(['_related', 'email', 'officePhone']);
    expect(headerFacts(Contact, item('Contact', {}), false)).toEqual([]);
  });

  it('leaves the state enum to its chip', () => {
    const a = item('Agreement', { title: 'Protocol', state: 'ACTIVE', with: 'Organization-2' });
    expect(stateValue(Agreement, a)).toBe('ACTIVE');
    expect(names(headerFacts(Agreement, a, false))).toEqual(['with']);
    expect(stateValue(Contact, item('Contact', {}))).toBeNull();
    expect(stateValue(Agreement, item('Agreement', {}))).toBeNull();
  });
});

describe('isEditShortcut', () => {
  const key = (k: string, tagName = 'DIV', extra: Partial<Parameters<typeof isEditShortcut>[0]> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: { tagName, isContentEditable: false, getAttribute: () => null },
    ...extra,
  });

  it('takes E on the record, not in a text field and not with a modifier', () => {
    expect(isEditShortcut(key('e'))).toBe(true);
    expect(isEditShortcut(key('E', 'BUTTON'))).toBe(true);
    expect(isEditShortcut(key('e', 'INPUT'))).toBe(false);
    expect(isEditShortcut(key('e', 'TEXTAREA'))).toBe(false);
    expect(isEditShortcut(key('e', 'DIV', { ctrlKey: true }))).toBe(false);
    expect(isEditShortcut(key('x'))).toBe(false);
    expect(
      isEditShortcut(
        key('e', 'DIV', {
          target: { tagName: 'DIV', getAttribute: (n) => (n === 'role' ? 'combobox' : null) },
        }),
      ),
    ).toBe(false);
  });
});

describe('editFields', () => {
  it('gives the edit form what the person sees, without empty system fields', () => {
    const me = item('User', { name: 'Mary Sam', email: 'mary@riverbend.example', masquerading: true });
    const own = names(editFields(User, me, { admin: false }));
    expect(own).toContain('email');
    expect(own).not.toContain('admin');
    expect(own).not.toContain('capabilities');
    expect(own).not.toContain('masquerading');
    const admin = names(editFields(User, me, { admin: true }));
    expect(admin).toContain('admin');
    expect(admin).toContain('capabilities');
    expect(admin).not.toContain('notifyPairs');
  });
});
