import type { Language } from 'shared-i18n';
import { doorResources } from '../i18n';
import { fill, serverText } from '../language/server-text';

/** The three steps of Cambiar PIN: current, new, confirmation. A mismatch starts again. */
export type PinChangeStep = 1 | 2 | 3;

export interface PinChangeState {
  step: PinChangeStep;
  currentPin: string;
  newPin: string;
  confirmPin: string;
  error: string | null;
}

export const INITIAL_PIN_CHANGE: PinChangeState = { step: 1, currentPin: '', newPin: '', confirmPin: '', error: null };

const FOUR_DIGITS = /^\d{4}$/;

/** Moves on from the current step, or says why not (in `language`). `done` means: send it. */
export function nextPinChange(state: PinChangeState, language: Language = 'es'): PinChangeState & { done: boolean } {
  const texts = doorResources[language].pinChange;
  if (state.step === 1) {
    return FOUR_DIGITS.test(state.currentPin)
      ? { ...state, step: 2, error: null, done: false }
      : { ...state, error: texts.fourDigits, done: false };
  }
  if (state.step === 2) {
    return FOUR_DIGITS.test(state.newPin)
      ? { ...state, step: 3, error: null, done: false }
      : { ...state, error: texts.fourDigits, done: false };
  }
  if (!FOUR_DIGITS.test(state.confirmPin)) return { ...state, error: texts.confirmFourDigits, done: false };
  if (state.confirmPin !== state.newPin) return { ...INITIAL_PIN_CHANGE, error: texts.mismatch, done: false };
  return { ...state, error: null, done: true };
}

/**
 * What the form says when the server refused the current PIN. It counts toward the keypad's
 * lockout, so the answer is the keypad's: tries left, or the lockout.
 */
export function pinChangeRefusal(answer: { error?: string; attemptsLeft?: number }, language: Language = 'es'): string {
  const texts = doorResources[language].pinChange;
  const error = answer.error ? serverText(answer.error, language) : texts.failed;
  return answer.attemptsLeft ? fill(texts.attemptsLeft, { error, count: answer.attemptsLeft }) : error;
}
