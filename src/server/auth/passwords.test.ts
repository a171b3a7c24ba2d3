import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

describe('hashPassword and verifyPassword', () => {
  it('round-trips', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  });

  it('refuses a wrong password, including near misses', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('correct horse battery ', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('never contains the password, in plain text or base64', async () => {
    const password = 'Sup3r-Secret-Passphrase';
    const hash = await hashPassword(password);
    expect(hash).not.toContain(password);
    expect(hash).not.toContain(Buffer.from(password).toString('base64'));
    expect(hash).not.toContain(Buffer.from(password).toString('hex'));
  });

  it('salts: the same password hashes differently each time, and both verify', async () => {
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('names scrypt and its parameters', async () => {
    expect(await hashPassword('whatever-pass')).toMatch(
      /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/,
    );
  });

  it('handles non-ASCII passwords', async () => {
    const hash = await hashPassword('ᐊᓂᔑᓈᐯᐧᒧᐎᓐ-motdepasse-é');
    expect(await verifyPassword('ᐊᓂᔑᓈᐯᐧᒧᐎᓐ-motdepasse-é', hash)).toBe(true);
    expect(await verifyPassword('ᐊᓂᔑᓈᐯᐧᒧᐎᓐ-motdepasse-e', hash)).toBe(false);
  });

  it('returns false, without throwing, for malformed stored hashes', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc$def')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$$')).toBe(false);
  });

  it('the dummy hash matches no password', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('password', DUMMY_HASH)).toBe(false);
  });
});
