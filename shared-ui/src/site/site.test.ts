import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { documentWithInlineJson } from 'shared-ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSiteConfig } from './index';

const docWith = (inline: string | null) => documentWithInlineJson('site-config', inline);

const SOUTH = { ...DEMO_SITE_CONFIG, tradingName: 'Trasteros Sur' };

afterEach(() => vi.restoreAllMocks());

describe('loadSiteConfig', () => {
  it('reads the configuration the gateway inlined, without a request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    expect(await loadSiteConfig(docWith(JSON.stringify(SOUTH)))).toEqual(SOUTH);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('fetches /site.json and checks it with the schema when the block is missing or broken', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(SOUTH));
    expect(await loadSiteConfig(docWith(null))).toEqual(SOUTH);
    expect(await loadSiteConfig(docWith('{"tradingName": 3}'))).toEqual(SOUTH);
    expect(fetchSpy).toHaveBeenCalledWith('/site.json', { cache: 'no-store' });
  });

  it('keeps the demo configuration when what it fetched breaks the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ ...SOUTH, tradingName: '' }));
    expect(await loadSiteConfig(docWith(null))).toEqual(DEMO_SITE_CONFIG);
  });
});
