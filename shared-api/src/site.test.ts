import { describe, expect, it } from 'vitest';
import { DEMO_SITE_CONFIG, isSiteConfig } from './site';
import { siteConfigSchema } from './site-schema';

describe('isSiteConfig (the check of the block the gateway inlined)', () => {
  it('accepts what the schema accepts', () => {
    const config = { ...DEMO_SITE_CONFIG, tradingName: 'Trasteros Sur', map: { lat: 36.7, lng: -4.4, apiKey: 'k' } };
    expect(siteConfigSchema.safeParse(config).success).toBe(true);
    expect(isSiteConfig(config)).toBe(true);
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a missing field', { ...DEMO_SITE_CONFIG, phone: undefined }],
    ['a number as text', { ...DEMO_SITE_CONFIG, map: { ...DEMO_SITE_CONFIG.map, lat: '36.7' } }],
    ['a missing nested object', { ...DEMO_SITE_CONFIG, address: null }],
    ['a missing nested field', { ...DEMO_SITE_CONFIG, address: { ...DEMO_SITE_CONFIG.address, city: 3 } }],
  ])('refuses %s', (_, value) => {
    expect(isSiteConfig(value)).toBe(false);
  });
});
