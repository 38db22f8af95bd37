import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { initI18n } from 'shared-i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { PresetPicker } from './PresetPicker';
import { useCalculator } from './store';

/**
 * On a slow phone the server's picker is on screen seconds before React takes it: what the
 * visitor chose meanwhile is theirs (field test 3, item 9), not reset when React arrives.
 */
describe('the furniture picker before and after the scripts', () => {
  beforeAll(() => initI18n('es'));

  it('keeps a type chosen before hydration, and Add works with it at once', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PresetPicker />);
    document.body.append(container);
    const select = container.querySelector('select') as HTMLSelectElement;
    const add = container.querySelector('button') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    // The visitor picks a wardrobe while the page is still the server's.
    select.value = 'wardrobe';
    useCalculator.setState({ items: [] });

    await act(async () => {
      hydrateRoot(container, <PresetPicker />);
    });
    expect(select.value).toBe('wardrobe');
    expect(add.disabled).toBe(false);
    await act(async () => add.click());
    expect(useCalculator.getState().items.map((item) => item.name)).toEqual(['Armario']);
    expect(select.value).toBe('');
    container.remove();
  });
});
