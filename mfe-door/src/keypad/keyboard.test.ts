import { describe, expect, it } from 'vitest';
import { KEYPAD_KEY_ATTRIBUTE, keyCommand, keyTargetOf } from './keyboard';

describe('physical keyboard on the keypad', () => {
  it('types digits, erases with Backspace, clears with Escape, wherever the focus is but a text field', () => {
    for (const target of ['none', 'keypad-key', 'control'] as const) {
      expect(keyCommand({ key: '7' }, target)).toEqual({ type: 'digit', digit: '7' });
      expect(keyCommand({ key: 'Backspace' }, target)).toEqual({ type: 'backspace' });
      expect(keyCommand({ key: 'Escape' }, target)).toEqual({ type: 'clear' });
    }
    expect(keyCommand({ key: '7' }, 'text-field')).toBeNull();
    expect(keyCommand({ key: 'a' }, 'none')).toBeNull();
  });

  it('makes Enter ENTRADA, but leaves a focused button its own Enter, and a held Enter opens once', () => {
    expect(keyCommand({ key: 'Enter' }, 'none')).toEqual({ type: 'enter' });
    expect(keyCommand({ key: 'Enter' }, 'keypad-key')).toEqual({ type: 'enter' });
    expect(keyCommand({ key: 'Enter' }, 'control')).toBeNull();
    expect(keyCommand({ key: 'Enter' }, 'text-field')).toBeNull();
    expect(keyCommand({ key: 'Enter', repeat: true }, 'none')).toBeNull();
  });

  it('leaves shortcuts alone', () => {
    expect(keyCommand({ key: '1', ctrlKey: true }, 'none')).toBeNull();
    expect(keyCommand({ key: 'Enter', metaKey: true }, 'none')).toBeNull();
    expect(keyCommand({ key: '2', altKey: true }, 'none')).toBeNull();
  });

  it('tells where a key was pressed', () => {
    document.body.innerHTML = `
      <input id="field" /><button id="key" ${KEYPAD_KEY_ATTRIBUTE}>1</button>
      <button id="salida">Salida</button><a id="link" href="/x">x</a><p id="text">t</p>`;
    const byId = (id: string) => document.getElementById(id);
    expect(keyTargetOf(byId('field'))).toBe('text-field');
    expect(keyTargetOf(byId('key'))).toBe('keypad-key');
    expect(keyTargetOf(byId('salida'))).toBe('control');
    expect(keyTargetOf(byId('link'))).toBe('control');
    expect(keyTargetOf(byId('text'))).toBe('none');
    expect(keyTargetOf(document.body)).toBe('none');
    expect(keyTargetOf(null)).toBe('none');
  });
});
