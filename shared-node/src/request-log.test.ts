import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestLogOptions } from './request-log';

const level = (url: string, statusCode: number, error?: Error) =>
  requestLogOptions(() => false).customLogLevel({ url } as IncomingMessage, { statusCode }, error);

describe('how loud a request is logged', () => {
  it('keeps a file served well out of the default level, and everything else in it', () => {
    expect(level('/static/js/main.1a2b.js', 200)).toBe('debug');
    expect(level('/remotes/calculator/mf-manifest.json?v=3', 304)).toBe('debug');
    expect(level('/es/calculadora', 200)).toBe('info');
    expect(level('/functions/v1/visit-slots', 200)).toBe('info');
    expect(level('/static/js/missing.js', 404)).toBe('warn');
    expect(level('/favicon.ico', 500)).toBe('error');
    expect(level('/es', 200, new Error('x'))).toBe('error');
  });
});
