import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';

describe('the password rule (ASVS 2.1)', () => {
  it('refuses fewer than 12 characters, counting characters, not bytes', () => {
    expect(passwordProblem('corto-1234')).toBe('too_short');
    expect(passwordProblem('ñ'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('too_short');
  });

  it.each(['password12345', 'contraseña123', '123456789012', 'qwertyuiop12', 'aaaaaaaaaaaa'])(
    'refuses a common or patterned one: %s',
    (password) => {
      expect(passwordProblem(password)).toBe('too_guessable');
    },
  );

  it("refuses the account's own e-mail, name or business dressed up", () => {
    expect(passwordProblem('anagarcia2026', ['ana.garcia@trasteros.example', 'Ana García'])).toBe('too_guessable');
    expect(passwordProblem('TrasterosDemo1', ['Trasteros Demo'])).toBe('too_guessable');
  });

  it('accepts a few unrelated words, or a long random one', () => {
    expect(passwordProblem('caballo-grapa-bateria')).toBeNull();
    expect(passwordProblem('vK8#q2!mZr9w')).toBeNull();
  });
});
