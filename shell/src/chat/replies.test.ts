import { describe, expect, it } from 'vitest';
import { isSendable, replyTopic } from './replies';

describe('assistant reply rule', () => {
  it.each([
    ['¿Cuánto cuesta un trastero?', 'price'],
    ['How much is a 10 m³ unit?', 'price'],
    ['¿Qué horario tenéis?', 'access'],
    ['Can I come at night?', 'access'],
    ['¿Me cabe un sofá?', 'sizes'],
    ['What sizes do you have', 'sizes'],
    ['¿Dónde estáis?', 'location'],
    ['What is your address', 'location'],
    ['Hola', 'general'],
    ['I like turtles', 'general'],
  ])('%s → %s', (text, topic) => expect(replyTopic(text)).toBe(topic));

  it('ignores empty and blank messages', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('   \n\t')).toBe(false);
    expect(isSendable(' hola ')).toBe(true);
  });
});
