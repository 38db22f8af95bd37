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

/** What the keypad says after the server answered a door action (spec §8, door app). */
export function doorOutcomeMessage(answer: {
  success: boolean;
  error?: string;
  message?: string;
  attemptsLeft?: number;
}): string {
  if (answer.success) return answer.message ?? 'Acceso Autorizado';
  const error = answer.error ?? '';
  if (error.includes('PIN inválido')) return `PIN incorrecto. Intentos restantes: ${answer.attemptsLeft ?? 0}`;
  return error || 'Error desconocido';
}
