import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as common } from '@zxcvbn-ts/language-common';
import { dictionary as spanish } from '@zxcvbn-ts/language-es-es';

/**
 * ASVS 2.1: at least 12 characters, and not one an attacker tries early: zxcvbn's estimate,
 * against lists of common and breached passwords, Spanish words and names, keyboard patterns, and
 * what the account itself is (its e-mail, name, user name, the business), must reach "safely
 * unguessable" (score 3 of 4). No rule of character kinds (ASVS 2.1.9): a few unrelated words do.
 */
export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
const estimate = () => {
  // Built on first use: its dictionaries take a moment and some memory, and most calls never ask.
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common, ...spanish }, graphs: adjacencyGraphs });
  return estimator;
};

export type PasswordProblem = 'too_short' | 'too_guessable';

/** Why a new password is refused, or null. `context`: the account's own words (e-mail, names). */
export function passwordProblem(password: string, context: readonly string[] = []): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  const words = context.flatMap((item) => plain(item).split(/[^a-z0-9]+/)).filter((word) => word.length >= 4);
  // The account's own words anywhere in it ("anagarcia2026" for Ana García), accents and case aside.
  const flat = plain(password).replace(/[^a-z0-9]/g, '');
  if (words.some((word) => flat.includes(word))) return 'too_guessable';
  return estimate().check(password, [...context, ...words]).score < PASSWORD_MIN_SCORE ? 'too_guessable' : null;
}

/** Lower case without accents: "García" and "garcia" are one word here. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
