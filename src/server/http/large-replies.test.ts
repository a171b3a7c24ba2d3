import { describe, expect, it } from 'vitest';
import { AppError } from '../../protocol/errors';
import { LARGE_REPLIES_MAX_BYTES, LargeReplies } from './large-replies';

describe('LargeReplies', () => {
  it('refuses to hold more than its cap of unfetched replies, and takes more once they are fetched', () => {
    const held = new LargeReplies();
    // Strings of 1/8 of the cap (two bytes a character): eight fit, the ninth does not.
    const body = 'x'.repeat(LARGE_REPLIES_MAX_BYTES / 16);
    const keys = Array.from({ length: 8 }, () => held.put('User-1', body));
    let refused: unknown;
    try {
      held.put('User-2', body);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('serverBusy');
    // A stream placeholder holds nothing yet and is still accepted.
    expect(held.put('User-2', null)).toEqual(expect.any(String));
    expect(held.take(keys[0]!, 'User-1')).toEqual({ done: true, body });
    expect(held.put('User-2', body)).toEqual(expect.any(String));
  });
});
