import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { type CalculatorItem, calculatorList, itemFromPreset } from './items';
import type { Preset } from './presets';

/** The one localStorage key of the calculator list. */
export const CALCULATOR_STORAGE_KEY = 'calculator-items';

export type ItemChanges = Partial<Pick<CalculatorItem, 'name' | 'length' | 'width' | 'height' | 'unit' | 'quantity'>>;

interface CalculatorState {
  items: CalculatorItem[];
  addPreset(preset: Preset): void;
  update(id: string, changes: ItemChanges): void;
  remove(id: string): void;
  clear(): void;
  replace(items: CalculatorItem[]): void;
}

interface Saved {
  items: CalculatorItem[];
}

/**
 * localStorage, validated on the way in: corrupt or foreign data is logged and ignored,
 * and the calculator starts empty instead of crashing.
 */
const validatedStorage: PersistStorage<Saved> = {
  getItem(name) {
    let raw: string | null;
    try {
      raw = localStorage.getItem(name);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const saved = JSON.parse(raw) as { state?: { items?: unknown }; version?: number };
      const items = calculatorList.safeParse(saved?.state?.items);
      if (!items.success) throw new Error(items.error.issues[0]?.message ?? 'invalid list');
      return { state: { items: items.data }, version: saved.version ?? 0 };
    } catch (error) {
      console.error('[calculator] ignoring corrupt saved list', error);
      return null;
    }
  },
  setItem(name, value) {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      // Full or disabled storage: the list still works for this visit.
      console.error('[calculator] could not save the list', error);
    }
  },
  removeItem(name) {
    try {
      localStorage.removeItem(name);
    } catch {
      // nothing to remove
    }
  },
};

export const useCalculator = create<CalculatorState>()(
  persist(
    (set) => ({
      items: [],
      addPreset: (preset) => set((state) => ({ items: [...state.items, itemFromPreset(preset)] })),
      update: (id, changes) =>
        set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...changes } : item)) })),
      remove: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
      clear: () => set({ items: [] }),
      replace: (items) => set({ items }),
    }),
    {
      name: CALCULATOR_STORAGE_KEY,
      version: 1,
      storage: validatedStorage,
      partialize: (state) => ({ items: state.items }),
    },
  ),
);
