import { describe, expect, it } from 'vitest';
import { doorOutcomeMessage, isCompletePin, keypadReducer } from './reducer';

describe('keypad', () => {
  it('takes at most four digits, C clears and backspace removes the last', () => {
    let pin = '';
    for (const digit of '123456') pin = keypadReducer(pin, { type: 'digit', digit });
    expect(pin).toBe('1234');
    pin = keypadReducer(pin, { type: 'backspace' });
    expect(pin).toBe('123');
    expect(keypadReducer(pin, { type: 'digit', digit: 'x' })).toBe('123');
    expect(keypadReducer(pin, { type: 'clear' })).toBe('');
    expect(keypadReducer('', { type: 'backspace' })).toBe('');
  });

  it('knows a complete PIN', () => {
    expect(isCompletePin('0123')).toBe(true);
    expect(isCompletePin('012')).toBe(false);
  });

  it('words the server answers as the spec does', () => {
    expect(doorOutcomeMessage({ success: true, message: 'Acceso Autorizado: ENTRADA' })).toBe(
      'Acceso Autorizado: ENTRADA',
    );
    expect(doorOutcomeMessage({ success: false, error: 'PIN inválido', attemptsLeft: 2 })).toBe(
      'PIN incorrecto. Intentos restantes: 2',
    );
    expect(doorOutcomeMessage({ success: false })).toBe('Error desconocido');
    expect(doorOutcomeMessage({ success: false, error: 'Error al procesar la acción' })).toBe(
      'Error al procesar la acción',
    );
  });
});

describe('the keypad in English', () => {
  it('says the outcome in English, and the server refusals it knows', () => {
    expect(doorOutcomeMessage({ success: true, message: 'Acceso Autorizado: SALIDA' }, 'SALIDA', 'en')).toBe(
      'Access granted: exit',
    );
    expect(doorOutcomeMessage({ success: true, message: 'Acceso Autorizado: SALIDA' }, 'SALIDA', 'es')).toBe(
      'Acceso Autorizado: SALIDA',
    );
    expect(doorOutcomeMessage({ success: false, error: 'PIN inválido', attemptsLeft: 1 }, 'ENTRADA', 'en')).toBe(
      'Wrong PIN. Attempts left: 1',
    );
    // A suspended tenant: no amounts at the door, only where to go.
    const suspended = { success: false, error: 'Acceso suspendido: contacta con la oficina' };
    expect(doorOutcomeMessage(suspended, 'ENTRADA', 'en')).toBe('Access suspended: please contact the office');
    expect(doorOutcomeMessage(suspended, 'ENTRADA', 'es')).toBe('Acceso suspendido: contacta con la oficina');
    expect(
      doorOutcomeMessage(
        { success: false, error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.' },
        'ENTRADA',
        'en',
      ),
    ).toBe('Access blocked: too many failed attempts. Wait 15 seconds.');
    expect(doorOutcomeMessage({ success: false, error: 'Algo nuevo' }, 'ENTRADA', 'en')).toBe('Algo nuevo');
    expect(doorOutcomeMessage({ success: false }, 'ENTRADA', 'en')).toBe('Unknown error');
  });
});
