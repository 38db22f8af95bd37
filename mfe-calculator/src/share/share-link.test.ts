import { describe, expect, it } from 'vitest';
import { itemFromPreset } from '../calculator/items';
import { findPreset } from '../calculator/presets';
import { decodeList, encodeList, shareUrl } from './share-link';

const sofa = findPreset('sofa_3_seater');
if (!sofa) throw new Error('preset missing');

describe('share link', () => {
  it('restores the same list, accents included, with new ids', async () => {
    const items = [
      { ...itemFromPreset(sofa, 'a'), quantity: 2 },
      { ...itemFromPreset(sofa, 'b'), name: 'Cajón de baño ñ', unit: 'in', length: 10.5 },
    ];
    const restored = await decodeList(encodeList(items));
    expect(restored?.map(({ id: _id, ...rest }) => rest)).toEqual(
      items.map(({ id: _id, displayName: _d, ...rest }) => ({ ...rest, displayName: rest.name })),
    );
    expect(restored?.[0]?.id).not.toBe('a');
  });

  it('builds a URL another device can open', () => {
    const url = shareUrl('https://example.test', '/es/calculadora', [itemFromPreset(sofa, 'a')]);
    expect(url).toMatch(/^https:\/\/example\.test\/es\/calculadora\?lista=[A-Za-z0-9_-]+$/);
  });

  it.each(['', 'not base64!', btoa('{"a":1}'), btoa('[]'), btoa('[["x",1,1,1,"cm",0]]')])(
    'refuses %j',
    async (encoded) => {
      expect(await decodeList(encoded)).toBeNull();
    },
  );
});
