import { describe, expect, it } from 'vitest';
import { looksLikeContact } from './contact';

describe('what a tenant signs in with', () => {
  it.each(['ana@example.com', ' Ana.Perez@Example.es ', '612 345 678', '+34 612-345-678', '(+351) 912 345 678'])(
    'takes %s',
    (typed) => expect(looksLikeContact(typed)).toBe(true),
  );

  it.each(['', 'ana', 'ana@', '@example.com', '61234', '612 345 678 ext 2', '+34 612 345 678 901 234'])(
    'refuses %s',
    (typed) => expect(looksLikeContact(typed)).toBe(false),
  );
});
