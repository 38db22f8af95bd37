import type { CalculatorItem } from './list-schema';
import type { Preset } from './presets';

export type { CalculatorItem } from './list-schema';

/** Unique enough for a list in one browser; randomUUID is missing outside secure contexts. */
export function newItemId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function itemFromPreset(preset: Preset, id: string = newItemId()): CalculatorItem {
  return {
    id,
    name: preset.displayName,
    displayName: preset.displayName,
    length: preset.length,
    width: preset.width,
    height: preset.height,
    unit: preset.unit,
    quantity: 1,
  };
}
