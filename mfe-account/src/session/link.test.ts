import { describe, expect, it } from 'vitest';
import { isSignInLink, signInLinkToken } from './link';

const token = `${'aB3_-'.repeat(8)}xyz`;

describe('the sign-in link', () => {
  it('reads the secret after # in either language', () => {
    expect(signInLinkToken(`#acceso=${token}`)).toBe(token);
    expect(signInLinkToken(`#access=${token}`)).toBe(token);
  });

  it('refuses a cut or altered secret, and a fragment that is no link', () => {
    expect(signInLinkToken(`#acceso=${token.slice(1)}`)).toBeNull();
    expect(signInLinkToken(`#acceso=${token.slice(1)}!`)).toBeNull();
    expect(signInLinkToken('#facturas')).toBeNull();
    expect(signInLinkToken('')).toBeNull();
    expect(isSignInLink(`#acceso=${token.slice(2)}`)).toBe(true);
    expect(isSignInLink('#facturas')).toBe(false);
  });
});
