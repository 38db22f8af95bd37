import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_SITE_CONFIG } from 'shared-api/site';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig, thirdPartySources } from './site-config';

describe('site configuration', () => {
  it('defaults to the fictional demo business', () => {
    expect(loadSiteConfig({})).toEqual(DEMO_SITE_CONFIG);
  });

  it('takes a partial file, then SITE_* variables on top', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'site-')), 'site.json');
    writeFileSync(file, JSON.stringify({ tradingName: 'Trasteros Sol', address: { city: 'Nerja' } }));
    const site = loadSiteConfig({ SITE_CONFIG_FILE: file, SITE_PHONE: '+34 952 000 000', SITE_MAP_LAT: '36.75' });
    expect(site.tradingName).toBe('Trasteros Sol');
    expect(site.address).toEqual({ ...DEMO_SITE_CONFIG.address, city: 'Nerja' });
    expect(site.phone).toBe('+34 952 000 000');
    expect(site.map.lat).toBe(36.75);
  });

  it('refuses an invalid result with the reason', () => {
    expect(() => loadSiteConfig({ SITE_MAP_LAT: 'north' })).toThrow(/map\.lat/);
    expect(() => loadSiteConfig({ SITE_TRADING_NAME: '' })).toThrow(/tradingName/);
  });

  it('opens the CSP only to the third parties that are configured', () => {
    expect(Object.values(thirdPartySources(DEMO_SITE_CONFIG)).flat()).toEqual([]);
    const both = thirdPartySources({
      ...DEMO_SITE_CONFIG,
      schedulingUrl: 'https://calendly.com/demo/visita',
      map: { ...DEMO_SITE_CONFIG.map, apiKey: 'k' },
    });
    expect(both.frame).toEqual(['https://calendly.com']);
    expect(both.script).toEqual(['https://assets.calendly.com', 'https://maps.googleapis.com']);
  });
});
