import { describe, expect, it } from 'vitest';
import { INITIAL_PIN_CHANGE, nextPinChange, pinChangeRefusal } from './steps';

describe('PIN change steps', () => {
  it('goes 1 → 2 → 3 → done with four-digit PINs', () => {
    let state = nextPinChange({ ...INITIAL_PIN_CHANGE, currentPin: '1234' });
    expect(state.step).toBe(2);
    state = nextPinChange({ ...state, newPin: '5678' });
    expect(state.step).toBe(3);
    expect(nextPinChange({ ...state, confirmPin: '5678' }).done).toBe(true);
  });

  it('says which PIN is not four digits', () => {
    expect(nextPinChange({ ...INITIAL_PIN_CHANGE, currentPin: '12' }).error).toBe('El PIN debe ser de 4 dígitos');
    expect(nextPinChange({ ...INITIAL_PIN_CHANGE, step: 2, newPin: 'abcd' }).error).toBe(
      'El PIN debe ser de 4 dígitos',
    );
    expect(nextPinChange({ ...INITIAL_PIN_CHANGE, step: 3, newPin: '5678', confirmPin: '56' }).error).toBe(
      'El PIN de confirmación debe ser de 4 dígitos',
    );
  });

  it('returns to step 1 and clears all three on a mismatch', () => {
    const state = nextPinChange({ step: 3, currentPin: '1234', newPin: '5678', confirmPin: '5679', error: null });
    expect(state).toEqual({
      step: 1,
      currentPin: '',
      newPin: '',
      confirmPin: '',
      error: 'Los PIN nuevos no coinciden',
      done: false,
    });
  });
});

describe('PIN change refusals', () => {
  it('words them like the keypad: tries left, or the lockout as the server says it', () => {
    expect(pinChangeRefusal({ error: 'El PIN actual no es correcto', attemptsLeft: 1 })).toBe(
      'El PIN actual no es correcto. Intentos restantes: 1',
    );
    expect(
      pinChangeRefusal({
        error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
        attemptsLeft: 0,
      }),
    ).toBe('Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.');
    expect(pinChangeRefusal({ error: 'Espere 9 segundos antes del próximo intento' })).toBe(
      'Espere 9 segundos antes del próximo intento',
    );
    expect(pinChangeRefusal({})).toBe('Error al cambiar PIN');
  });
});

describe('PIN change steps in English', () => {
  it('says why in English, the server refusal and the wait included', () => {
    expect(nextPinChange({ ...INITIAL_PIN_CHANGE, currentPin: '12' }, 'en').error).toBe('The PIN has 4 digits');
    expect(
      nextPinChange({ step: 3, currentPin: '1234', newPin: '5678', confirmPin: '5679', error: null }, 'en').error,
    ).toBe('The new PINs do not match');
    expect(pinChangeRefusal({ error: 'El PIN actual no es correcto', attemptsLeft: 1 }, 'en')).toBe(
      'The current PIN is not correct. Attempts left: 1',
    );
    expect(pinChangeRefusal({ error: 'Espere 9 segundos antes del próximo intento' }, 'en')).toBe(
      'Wait 9 seconds before the next attempt',
    );
    expect(pinChangeRefusal({}, 'en')).toBe('Could not change the PIN');
  });
});
