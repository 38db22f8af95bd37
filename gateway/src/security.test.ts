import { describe, expect, it } from 'vitest';
import { functionName } from './security';

describe('functionName', () => {
  it('names a kebab-case function, with at most one sub-path', () => {
    expect(functionName('/functions/v1/products')).toBe('products');
    expect(functionName('/functions/v1/send-waitlist-email/')).toBe('send-waitlist-email');
    expect(functionName('/functions/v1/backoffice/document')).toBe('backoffice/document');
  });

  it('names nothing for traversal, odd names or deeper paths', () => {
    for (const path of [
      '/functions/v1/',
      '/functions/v1/..',
      '/functions/v1/%2e%2e/outbox',
      '/functions/v1/backoffice/../outbox',
      '/functions/v1/__proto__',
      '/functions/v1/toString',
      '/functions/v1/a/b/c',
      '/functions/v1/backoffice/other',
      '/functions/v1/echo/extra',
      '/functions/v1/-x',
      '/functions/v2/products',
    ]) {
      expect(functionName(path), path).toBeNull();
    }
  });
});
