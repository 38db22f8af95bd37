import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistrySource, parseRemoteConfig, publicRegistry } from './registry';

describe('remote registry', () => {
  it('publishes proxied remotes under /remotes and others by their manifest URL', () => {
    expect(
      publicRegistry({
        marketing: { origin: 'http://127.0.0.1:3001' },
        calculator: { manifest: 'https://cdn.example/calculator/v2/mf-manifest.json' },
      }),
    ).toEqual({
      marketing: '/remotes/marketing/mf-manifest.json',
      calculator: 'https://cdn.example/calculator/v2/mf-manifest.json',
    });
  });

  it('refuses invalid names and entries', () => {
    expect(() => parseRemoteConfig('{"Bad-Name": {"origin": "http://x"}}')).toThrow();
    expect(() => parseRemoteConfig('{"ok": {"origin": "not a url"}}')).toThrow();
    expect(() => parseRemoteConfig('{"ok": {"origin": "http://x", "extra": 1}}')).toThrow();
  });

  it('re-reads the file when it changes: a release needs no gateway restart', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'registry-')), 'remotes.json');
    writeFileSync(file, JSON.stringify({ calculator: { manifest: '/v1/mf-manifest.json' } }));
    const source = createRegistrySource({ GATEWAY_REMOTES_FILE: file });
    expect(source.current()).toEqual({ calculator: { manifest: '/v1/mf-manifest.json' } });
    writeFileSync(file, JSON.stringify({ calculator: { manifest: '/v2/mf-manifest.json' } }));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);
    expect(source.current()).toEqual({ calculator: { manifest: '/v2/mf-manifest.json' } });
  });

  it('prefers inline JSON over the file', () => {
    const source = createRegistrySource({
      GATEWAY_REMOTES: '{"door": {"origin": "http://127.0.0.1:3004"}}',
      GATEWAY_REMOTES_FILE: '/does/not/exist.json',
    });
    expect(Object.keys(source.current())).toEqual(['door']);
  });
});
