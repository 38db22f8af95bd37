import type { DoorAction } from 'shared-api';
import type { Language } from 'shared-i18n';
import { doorResources } from '../i18n';
import { fill, serverText } from '../language/server-text';

/** The keypad's entry: at most four digits; C clears; backspace removes the last. */
export const PIN_LENGTH = 4;

export type KeypadAction = { type: 'digit'; digit: string } | { type: 'backspace' } | { type: 'clear' };

export function keypadReducer(pin: string, action: KeypadAction): string {
  switch (action.type) {
    case 'digit':
      return /^\d$/.test(action.digit) && pin.length < PIN_LENGTH ? pin + action.digit : pin;
    case 'backspace':
      return pin.slice(0, -1);
    case 'clear':
      return '';
  }
}

export function isCompletePin(pin: string): boolean {
  return new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin);
}

/**
 * What the keypad says after the server answered a door action (spec §8, door app), in the tool's
 * language: Spanish word for word as the spec has it ("Acceso Autorizado" with the action done).
 */
export function doorOutcomeMessage(
  answer: { success: boolean; error?: string; message?: string; attemptsLeft?: number },
  action: DoorAction = 'ENTRADA',
  language: Language = 'es',
): string {
  const texts = doorResources[language].keypad;
  if (answer.success) return fill(texts.granted, { action: texts.done[action] });
  const error = answer.error ?? '';
  if (error.includes('PIN inválido')) return fill(texts.wrongPin, { count: answer.attemptsLeft ?? 0 });
  return error ? serverText(error, language) : texts.unknown;
}
