import { hasStored, readStored, removeStored, writeStored } from 'shared-ui/stored';
import { create } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { type CalculatorItem, itemFromPreset } from './items';
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
 * The list in localStorage (shared-ui/stored): corrupt or foreign data is dropped and the
 * calculator starts empty. The schema loads only when a list is stored, so the list arrives a
 * moment later; the page renders the server's empty list until then either way (zustand reads
 * the initial state while React hydrates).
 */
const validatedStorage: PersistStorage<Saved> = {
  getItem(name) {
    if (!hasStored(name)) return null;
    return import('./list-schema').then(({ savedList }) => {
      const saved = readStored(name, savedList);
      return saved && { state: { items: saved.state.items }, version: saved.version ?? 0 };
    });
  },
  setItem(name, value) {
    // Full or disabled storage: the list still works for this visit.
    if (!writeStored(name, value)) console.error('[calculator] could not save the list');
  },
  removeItem: (name) => removeStored(name),
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
