import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findPreset } from './presets';
import { CALCULATOR_STORAGE_KEY, useCalculator } from './store';

const desk = findPreset('desk');
if (!desk) throw new Error('desk preset missing');

describe('calculator store', () => {
  beforeEach(() => {
    localStorage.clear();
    useCalculator.setState({ items: [] });
  });

  it('adds a preset with its Spanish name, edits, removes by id and clears', () => {
    const { addPreset, update, remove, clear } = useCalculator.getState();
    addPreset(desk);
    addPreset(desk);
    const [first, second] = useCalculator.getState().items;
    expect(first).toMatchObject({ name: 'Mesa de escritorio', length: 120, unit: 'cm', quantity: 1 });
    expect(first?.id).not.toBe(second?.id);
    update(first?.id ?? '', { quantity: 3, unit: 'm', name: 'Mi mesa' });
    expect(useCalculator.getState().items[0]).toMatchObject({ quantity: 3, unit: 'm', name: 'Mi mesa' });
    remove(second?.id ?? '');
    expect(useCalculator.getState().items).toHaveLength(1);
    clear();
    expect(useCalculator.getState().items).toEqual([]);
  });

  it('saves the list under one key and reloads it', async () => {
    useCalculator.getState().addPreset(desk);
    const saved = JSON.parse(localStorage.getItem(CALCULATOR_STORAGE_KEY) ?? '{}');
    expect(saved.state.items).toHaveLength(1);
    useCalculator.setState({ items: [] }, false);
    localStorage.setItem(CALCULATOR_STORAGE_KEY, JSON.stringify(saved));
    await useCalculator.persist.rehydrate();
    expect(useCalculator.getState().items[0]?.name).toBe('Mesa de escritorio');
  });

  it.each(['{not json', JSON.stringify({ state: { items: [{ id: 1 }] } }), JSON.stringify({ state: { items: 'x' } })])(
    'logs and ignores corrupt saved data %#',
    async (corrupt) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      localStorage.setItem(CALCULATOR_STORAGE_KEY, corrupt);
      await useCalculator.persist.rehydrate();
      expect(useCalculator.getState().items).toEqual([]);
      expect(log).toHaveBeenCalled();
      log.mockRestore();
    },
  );
});
