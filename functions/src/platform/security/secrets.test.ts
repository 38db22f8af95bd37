import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, hashPin, needsRehash, verifyPassword, verifyPin } from './secrets';

const PEPPER = 'x'.repeat(40);

describe('password and PIN hashes', () => {
  it('are PHC strings that name their scrypt parameters, salted per hash', async () => {
    const hash = await hashPassword('secreto-1', 10);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword('secreto-1', hash)).toBe(true);
    expect(await verifyPassword('secreto-2', hash)).toBe(false);
    // Not deterministic: equal PINs do not even look equal in the database.
    expect(await hashPin('1234', PEPPER, 10)).not.toBe(await hashPin('1234', PEPPER, 10));
  });

  it("work at OWASP's cost (N=2^17), which needs more memory than Node allows by default", async () => {
    const hash = await hashPassword('secreto-1', 17);
    expect(hash.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('secreto-1', hash)).toBe(true);
    expect(needsRehash(hash, 17)).toBe(false);
  });

  it('check a PIN only with the pepper it was hashed under', async () => {
    const hash = await hashPin('1234', PEPPER, 10);
    expect(await verifyPin('1234', hash, PEPPER)).toBe(true);
    expect(await verifyPin('1235', hash, PEPPER)).toBe(false);
    expect(await verifyPin('1234', hash, 'y'.repeat(40))).toBe(false);
    expect(await verifyPin('1234', '', PEPPER)).toBe(false); // voided by a rotation
  });

  it('still verify the first formats, and ask for a re-hash of them and of other costs', async () => {
    const legacyPassword = `0011aabb:${scryptSync('secreto-1', '0011aabb', 32).toString('hex')}`;
    expect(await verifyPassword('secreto-1', legacyPassword)).toBe(true);
    expect(await verifyPassword('secreto-2', legacyPassword)).toBe(false);
    const legacyPin = scryptSync('1234', `pin:${PEPPER}`, 32).toString('hex');
    expect(await verifyPin('1234', legacyPin, PEPPER)).toBe(true);
    expect(await verifyPin('4321', legacyPin, PEPPER)).toBe(false);
    expect(needsRehash(legacyPassword, 10)).toBe(true);
    expect(needsRehash(legacyPin, 10)).toBe(true);
    const current = await hashPassword('secreto-1', 10);
    expect(needsRehash(current, 10)).toBe(false);
    expect(needsRehash(current, 17)).toBe(true);
  });

  it('refuse parameters nobody should have stored rather than allocate for them', async () => {
    const absurd = '$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect(await verifyPassword('x', absurd)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
