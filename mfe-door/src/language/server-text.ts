import type { Language } from 'shared-i18n';
import { doorResources } from '../i18n';

type ServerKey = keyof typeof doorResources.es.server;

/** `{{name}}` in a template, filled: the pure rules below need no i18next instance. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

const BY_SPANISH = new Map(
  (Object.entries(doorResources.es.server) as [ServerKey, string][]).map(([key, text]) => [text, key]),
);
const WAIT = /^Espere (\d+) segundos? antes del próximo intento$/;

/**
 * The door function's answer in the person's language. The function speaks the spec's Spanish (its
 * answers are part of the contract); in English the known ones are said in English, the rest as
 * the server wrote them (better than a generic failure).
 */
export function serverText(message: string, language: Language): string {
  if (language === 'es') return message;
  const key = BY_SPANISH.get(message);
  if (key) return doorResources.en.server[key];
  const wait = WAIT.exec(message);
  if (wait) {
    const count = Number(wait[1]);
    return fill(count === 1 ? doorResources.en.keypad.countdown_one : doorResources.en.keypad.countdown_other, {
      count,
    });
  }
  return message;
}
