import { documentWithInlineJson } from 'shared-ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { loadRegistry } from './registry';

const docWith = (inline: string | null) => documentWithInlineJson('remotes-registry', inline);

describe('loadRegistry', () => {
  it('reads the registry the gateway inlined, without a request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const registry = await loadRegistry(docWith('{"calculator":"/remotes/calculator/mf-manifest.json"}'));
    expect(registry).toEqual({ calculator: '/remotes/calculator/mf-manifest.json' });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('falls back to /remotes.json when the inline registry is invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => Response.json({ door: '/remotes/door/mf-manifest.json' }));
    expect(await loadRegistry(docWith('{"Bad Name": 3}'))).toEqual({ door: '/remotes/door/mf-manifest.json' });
    expect(await loadRegistry(docWith('{not json'))).toEqual({ door: '/remotes/door/mf-manifest.json' });
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    fetchSpy.mockRestore();
  });

  it('returns no remotes when the registry cannot be had, so the shell still renders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await loadRegistry(docWith(null))).toEqual({});
    fetchSpy.mockRestore();
  });
});
