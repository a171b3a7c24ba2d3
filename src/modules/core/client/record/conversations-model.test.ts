import { describe, expect, it } from 'vitest';
import type { Item, UserSession } from '../../../../client/module-api';
import { contextThreadsQuery, hasConversations, newThreadBody } from './conversations-model';

const item = { $id: 'Contact-3', _t: 'Contact', owner: 'Organization-1' } as unknown as Item;
const member = {
  $id: 'User-2',
  memberships: [{ org: 'Organization-1', roles: ['member'] }],
} as unknown as UserSession;
const outsider = {
  $id: 'User-9',
  memberships: [{ org: 'Organization-4', roles: ['editor'] }],
} as unknown as UserSession;

describe('conversations about an item', () => {
  it('asks for the threads whose context is the item, latest activity first', () => {
    expect(contextThreadsQuery('Contact-3', 20)).toMatchObject({
      must: { _t: ['Thread'], context: ['Contact-3'] },
      sort: [
        { key: 'sortTS', order: 'desc' },
        { key: '_c.ts', order: 'desc' },
      ],
      max: 20,
    });
  });
  it('a new thread is about the item, owned by its organisation only for its members', () => {
    expect(newThreadBody(item, '  Access road ', member)).toEqual({
      subject: 'Access road',
      context: 'Contact-3',
      owner: 'Organization-1',
    });
    expect(newThreadBody(item, 'Access road', outsider)).toEqual({
      subject: 'Access road',
      context: 'Contact-3',
    });
  });
  it('threads, messages and notifications have no conversations section', () => {
    expect(hasConversations('Contact')).toBe(true);
    expect(hasConversations('Thread')).toBe(false);
    expect(hasConversations('Message')).toBe(false);
  });
});
